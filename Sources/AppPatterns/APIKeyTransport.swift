import Foundation

/// A transport that adds an API key to every request as a query item, just before sending.
///
/// The key is not part of the endpoint's request, so it never reaches cache keys, logs of
/// requests or the bundled and stub transports.
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
        return try await inner.send(request)
    }
}
