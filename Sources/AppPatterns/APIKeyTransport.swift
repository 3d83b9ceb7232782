import Foundation

/// A transport that adds an API key to every request as a query item, just before sending.
///
/// The key is not part of the endpoint's request, so it never reaches cache keys, logs of
/// requests or the bundled and stub transports; and an error of the transport below, whose
/// message names the request it sent, says `<key>` in its place.
public struct APIKeyTransport: Transport {
    public let inner: any Transport
    /// The query item's name, e.g. `api_key` (TMDB) or `apikey` (OMDb).
    public let name: String
    private let key: String

    public init(_ inner: any Transport, name: String, key: String) {
        self.inner = inner
        self.name = name
        self.key = key
    }

    public var sourceDescription: String { inner.sourceDescription }

    public func send(_ request: TransportRequest) async throws -> TransportResponse {
        var request = request
        request.query.append(.init(name, key))
        do {
            return try await inner.send(request)
        } catch let error as TransportError {
            throw TransportError(error.kind, redacted(error.message))
        }
    }

    /// `text` with the key, as it is and as a URL carries it, replaced by `<key>`.
    func redacted(_ text: String) -> String {
        guard !key.isEmpty else { return text }
        var result = text.replacingOccurrences(of: key, with: "<key>")
        if let encoded = key.addingPercentEncoding(withAllowedCharacters: .alphanumerics), encoded != key {
            result = result.replacingOccurrences(of: encoded, with: "<key>")
        }
        return result
    }
}
