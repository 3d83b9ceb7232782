import Foundation

/// A stored response body with the validators needed to revalidate it.
public struct CachedPayload: Sendable, Hashable {
    /// The response body (decompressed).
    public var body: Data
    /// The `ETag` the server sent with it, if any.
    public var etag: String?
    /// The `Last-Modified` the server sent with it, if any.
    public var lastModified: String?
    /// When it was fetched or last confirmed unchanged by the server (a 304).
    public var storedAt: Date

    public init(body: Data, etag: String? = nil, lastModified: String? = nil, storedAt: Date) {
        self.body = body
        self.etag = etag
        self.lastModified = lastModified
        self.storedAt = storedAt
    }

    /// Seconds since it was stored, at `now`.
    public func age(at now: Date) -> TimeInterval { now.timeIntervalSince(storedAt) }
}
