import AppPatterns
import Foundation

/// Live feeds (Subject + Updater): each feed's state is a `Subject` that any number of observers
/// watch; an `Updater` keeps it fresh on the feed's cache period, coalesces refreshes, backs off
/// on failure and pauses while the source is unreachable. Views observe; they never fetch.
extension FeedStore {
    /// The updater of one feed: `subject` to observe, `start()` to keep it fresh, `refresh()` to
    /// ask now. One updater per key, shared by every observer.
    public typealias FeedUpdater<Value: Sendable> = Updater<Loaded<Value>>

    public func areasFeed() -> FeedUpdater<[TheatreArea]> {
        feed(.areas, every: policy.areas) { store in try await store.areas() }
    }

    public func moviesFeed(_ list: EventListType, area: Int?) -> FeedUpdater<[Event]> {
        feed(.movies(list, area: area), every: policy.events) { store in try await store.movies(list, area: area) }
    }

    public func showtimesFeed(area: Int, date: LocalDate) -> FeedUpdater<[Show]> {
        feed(.showtimes(area: area, date: date), every: policy.schedule) { store in
            try await store.showtimes(area: area, date: date)
        }
    }

    public func scheduleDatesFeed(area: Int) -> FeedUpdater<[LocalDate]> {
        feed(.scheduleDates(area: area), every: policy.scheduleDates) { store in
            try await store.scheduleDates(area: area)
        }
    }

    public func newsFeed(categoryID: Int?) -> FeedUpdater<[NewsArticle]> {
        feed(.news(categoryID: categoryID), every: policy.news) { store in try await store.news(categoryID: categoryID)
        }
    }

    public func newsCategoriesFeed() -> FeedUpdater<[NewsCategory]> {
        feed(.newsCategories, every: policy.newsCategories) { store in try await store.newsCategories() }
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
        fetch: @escaping @Sendable (FeedStore) async throws -> Loaded<Value>
    ) -> FeedUpdater<Value> {
        feedRegistry.updater(for: key) {
            Updater(interval: .seconds(seconds), reachability: webService.reachability) { [weak self] in
                guard let self else { throw CancellationError() }
                return try await fetch(self)
            }
        }
    }
}
