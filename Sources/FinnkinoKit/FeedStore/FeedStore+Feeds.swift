import AppPatterns
import Foundation

/// Live feeds (Subject + Updater): each feed's state is a `Subject` that any number of observers
/// watch; an `Updater` keeps it fresh on the feed's cache period, coalesces refreshes, backs off
/// on failure and pauses while the source is unreachable. Views observe; they never fetch. A
/// refresh asked for (`refresh()`) revalidates with the source; the schedule lets the cache period
/// answer.
extension FeedStore {
    /// The updater of one feed: `subject` to observe, `start()` to keep it fresh, `refresh()` to
    /// ask now. One updater per key, shared by every observer.
    public typealias FeedUpdater<Value: Sendable> = Updater<Loaded<Value>>

    public func areasFeed() -> FeedUpdater<[TheatreArea]> {
        feed(.areas, every: policy.areas) { store, freshness in try await store.areas(freshness) }
    }

    public func moviesFeed(_ list: EventListType, area: Int?) -> FeedUpdater<[Event]> {
        feed(.movies(list, area: area), every: policy.events) { store, freshness in
            try await store.movies(list, area: area, freshness: freshness)
        }
    }

    public func showtimesFeed(area: Int, date: LocalDate) -> FeedUpdater<[Show]> {
        feed(.showtimes(area: area, date: date), every: policy.schedule) { store, freshness in
            try await store.showtimes(area: area, date: date, freshness: freshness)
        }
    }

    public func scheduleDatesFeed(area: Int) -> FeedUpdater<[LocalDate]> {
        feed(.scheduleDates(area: area), every: policy.scheduleDates) { store, freshness in
            try await store.scheduleDates(area: area, freshness: freshness)
        }
    }

    public func newsFeed(categoryID: Int?) -> FeedUpdater<[NewsArticle]> {
        feed(.news(categoryID: categoryID), every: policy.news) { store, freshness in
            try await store.news(categoryID: categoryID, freshness: freshness)
        }
    }

    public func newsCategoriesFeed() -> FeedUpdater<[NewsCategory]> {
        feed(.newsCategories, every: policy.newsCategories) { store, freshness in
            try await store.newsCategories(freshness)
        }
    }

    /// How many feeds run their schedule or are observed: 0 once every page that showed one has
    /// been closed (observers are released, schedules stopped).
    public var activeFeedCount: Int { feedRegistry.activeCount }

    /// Stops every feed's schedule (for shutdown).
    public func stopFeeds() async {
        for updater in feedRegistry.removeAll() { await updater.stop() }
    }

    /// The shared updater for `key`, made on first use. The fetch holds the store weakly, so the
    /// registry does not keep the store alive.
    private func feed<Value: Sendable>(
        _ key: FeedKey, every seconds: TimeInterval,
        fetch: @escaping @Sendable (FeedStore, Freshness) async throws -> Loaded<Value>
    ) -> FeedUpdater<Value> {
        feedRegistry.updater(for: key) {
            Updater(interval: .seconds(seconds), reachability: webService.reachability) { [weak self] freshness in
                guard let self else { throw CancellationError() }
                return try await fetch(self, freshness)
            }
        }
    }
}
