import AppPatterns

/// Where a ``FeedStore`` keeps the answers of its sources, chosen by whoever makes it: the domain
/// knows that answers are kept, not on what (the command line keeps them in SQLite files in the
/// data folder, or in the PostgreSQL cache several instances share; tests keep them in memory).
public struct PayloadCaches: Sendable {
    /// The cache of the Finnkino source whose ``DataSource/cacheName`` is given.
    public var feeds: @Sendable (_ cacheName: String) throws -> any PayloadCache
    /// The cache of one service of the international lists, by name (`tmdb-live`, `omdb-live`);
    /// a cache that cannot be opened is answered with one in memory.
    public var charts: @Sendable (_ name: String) -> any PayloadCache

    public init(
        feeds: @escaping @Sendable (_ cacheName: String) throws -> any PayloadCache,
        charts: @escaping @Sendable (_ name: String) -> any PayloadCache
    ) {
        self.feeds = feeds
        self.charts = charts
    }

    /// Everything in memory, gone with the process.
    public static let inMemory = PayloadCaches(
        feeds: { _ in InMemoryPayloadCache() }, charts: { _ in InMemoryPayloadCache() })
}
