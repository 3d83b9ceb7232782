import Foundation

/// A ``PayloadCache`` in memory: for tests and previews, or when nothing may be written to disk.
/// Size-limited like the disk cache (least recently used first).
public final class InMemoryPayloadCache: PayloadCache {
    /// The most body bytes kept unless told otherwise: 16 MiB. A cache in memory lives as long as
    /// its process (a server's: weeks), and what it keeps can be had again from its source (the
    /// bundled dataset answers any request again from memory), so it keeps the recent answers only.
    /// Unbounded, the hosted soak's server held 57.8 MB in 521 bundled answers after 17 minutes
    /// (docs/PERFORMANCE.md, "A heap profile of the soak").
    public static let defaultSizeLimit = 16 << 20

    private let entries: MemoryCache<String, CachedPayload>

    /// - Parameter sizeLimit: the most body bytes kept.
    public init(sizeLimit: Int = defaultSizeLimit) {
        entries = MemoryCache(costLimit: sizeLimit)
    }

    public func payload(for key: String) -> CachedPayload? { entries.value(for: key) }

    public func store(_ payload: CachedPayload, for key: String) {
        entries.set(payload, for: key, cost: payload.body.count)
    }

    public func markRevalidated(_ key: String, at date: Date) {
        guard var payload = entries.value(for: key) else { return }
        payload.storedAt = date
        store(payload, for: key)
    }

    public func removePayload(for key: String) { entries.removeValue(for: key) }

    public func removeAll() { entries.removeAll() }

    /// The number of payloads stored.
    public var count: Int { entries.count }
}
