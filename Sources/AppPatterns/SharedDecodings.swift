import NIOConcurrencyHelpers

/// The decoded values of large answers, shared by the ``WebService``s of a process (Flyweight): an
/// answer whose bytes have already been decoded, or are being decoded right now, for the same
/// request is not decoded again.
///
/// The same bytes come again: a feed that sends no validator (`ETag`, `Last-Modified`) answers a
/// refresh that finds nothing new with the bytes it sent before, and the web services of one
/// process (the tests' servers, each with its own) read the same answers. Decoding is a function
/// of the request and the bytes, and a 10 MB schedule takes far longer to decode than to hash, so
/// the value is shared, found by the bytes' ``BodyFingerprint``.
///
/// It keeps no value alive itself: it points weakly at the values the web services keep (their
/// caches of decoded values), so it costs no memory of its own; a value none of them keeps any
/// more is decoded anew. Bodies under ``minimumBytes`` are decoded by each caller: they decode
/// about as fast as they are hashed.
public final class SharedDecodings: Sendable {
    /// The one of the process, which every ``WebService`` uses unless given another.
    public static let process = SharedDecodings()

    /// Bodies smaller than this are not shared.
    public let minimumBytes: Int

    /// A value decoded from the body whose fingerprint it has, which whoever uses it keeps alive.
    final class Decoded: Sendable {
        let fingerprint: BodyFingerprint
        let value: any Sendable

        init(fingerprint: BodyFingerprint, value: any Sendable) {
            self.fingerprint = fingerprint
            self.value = value
        }
    }

    private struct Key: Hashable, Sendable {
        var type: ObjectIdentifier
        var request: String
        var fingerprint: BodyFingerprint
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

    /// The value of the body whose fingerprint is given for `request` of an endpoint of type
    /// `type`: the one a web service of the process keeps, the one being decoded now, or
    /// `decode()`'s.
    func value(
        type: ObjectIdentifier, request: String, fingerprint: BodyFingerprint,
        decode: @escaping @Sendable () -> Result<any Sendable, WebServiceError>
    ) async -> Result<Decoded, WebServiceError> {
        guard fingerprint.count >= minimumBytes else {
            return decode().map { Decoded(fingerprint: fingerprint, value: $0) }
        }
        let key = Key(type: type, request: request, fingerprint: fingerprint)
        if let found = kept.withLockedValue({ $0[key]?.decoded }) { return .success(found) }
        return await running.run(key) { [self] in
            if let found = kept.withLockedValue({ $0[key]?.decoded }) { return .success(found) }
            let result = decode().map { Decoded(fingerprint: fingerprint, value: $0) }
            if case .success(let decoded) = result { keep(decoded, for: key) }
            return result
        }
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
