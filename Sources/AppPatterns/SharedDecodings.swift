import Foundation
import NIOConcurrencyHelpers

/// The decoded values of large answers, shared by the ``WebService``s of a process (Flyweight): an
/// answer whose bytes have already been decoded, or are being decoded right now, for the same
/// request is not decoded again.
///
/// The same bytes come again: a feed that sends no validator (`ETag`, `Last-Modified`) answers a
/// refresh that finds nothing new with the bytes it sent before, and the web services of one
/// process (the tests' servers, each with its own) read the same answers. Decoding is a function
/// of the request and the bytes, and a 10 MB schedule takes far longer to decode than to hash and
/// compare, so the value is shared.
///
/// It keeps no value alive itself: it points weakly at the values the web services keep (their
/// caches of decoded values), so it costs no memory of its own; a value none of them keeps any
/// more is decoded anew. Bodies under ``minimumBytes`` are decoded by each caller: they decode
/// about as fast as they are hashed and compared.
public final class SharedDecodings: Sendable {
    /// The one of the process, which every ``WebService`` uses unless given another.
    public static let process = SharedDecodings()

    /// Bodies smaller than this are not shared.
    public let minimumBytes: Int

    /// A value decoded from `body`, which whoever uses it keeps alive.
    final class Decoded: Sendable {
        let body: Data
        let value: any Sendable

        init(body: Data, value: any Sendable) {
            self.body = body
            self.value = value
        }
    }

    private struct Key: Hashable, Sendable {
        var type: ObjectIdentifier
        var request: String
        var count: Int
        var digest: Int
    }

    /// A weak reference, read and written under the lock only.
    private struct Weak: @unchecked Sendable {
        weak var decoded: Decoded?
    }

    private let kept = NIOLockedValueBox([Key: Weak]())
    private let running = RequestCoalescer<Key, Result<Decoded, WebServiceError>>()

    public init(minimumBytes: Int = 64 << 10) {
        self.minimumBytes = minimumBytes
    }

    /// The value of `body` for `request` of an endpoint of type `type`: the one a web service of
    /// the process keeps, the one being decoded now, or `decode(body)`'s.
    func value(
        type: ObjectIdentifier, request: String, body: Data,
        decode: @escaping @Sendable () -> Result<any Sendable, WebServiceError>
    ) async -> Result<Decoded, WebServiceError> {
        guard body.count >= minimumBytes else { return decode().map { Decoded(body: body, value: $0) } }
        var hasher = Hasher()
        body.withUnsafeBytes { hasher.combine(bytes: $0) }
        let key = Key(type: type, request: request, count: body.count, digest: hasher.finalize())
        if let found = kept.withLockedValue({ $0[key]?.decoded }), found.body == body { return .success(found) }
        let shared = await running.run(key) { [self] in
            if let found = kept.withLockedValue({ $0[key]?.decoded }), found.body == body { return .success(found) }
            let result = decode().map { Decoded(body: body, value: $0) }
            if case .success(let decoded) = result { keep(decoded, for: key) }
            return result
        }
        // A hash shared by other bytes: decoded on their own.
        if case .success(let decoded) = shared, decoded.body != body {
            return decode().map { Decoded(body: body, value: $0) }
        }
        return shared
    }

    /// The number of values kept by some web service (for tests).
    var count: Int { kept.withLockedValue { entries in entries.values.count { $0.decoded != nil } } }

    private func keep(_ decoded: Decoded, for key: Key) {
        kept.withLockedValue { entries in
            // The entries whose values nobody keeps any more go once there are 64.
            if entries.count >= 64 { entries = entries.filter { $0.value.decoded != nil } }
            entries[key] = Weak(decoded: decoded)
        }
    }
}
