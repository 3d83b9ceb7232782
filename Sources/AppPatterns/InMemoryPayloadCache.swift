import Foundation

/// A ``PayloadCache`` in memory: for tests and previews, or when nothing may be written to disk.
/// Size-limited like the disk cache (least recently used first).
public final class InMemoryPayloadCache: PayloadCache {
    private let entries: MemoryCache<String, CachedPayload>

    /// - Parameter sizeLimit: the most body bytes kept.
    public init(sizeLimit: Int = .max) {
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
