import AppPatterns
import FinnkinoKit
import Foundation

/// One FeedStore feed a page shows, seen as a source of "changed" signals (the Observer side of
/// Subject + Updater), whatever the type of its value.
struct LiveFeed: Sendable {
    /// Starts observing at once (no change after this call is missed) and returns the work that
    /// calls `changed` after every settled state (loaded or failed) that follows the current one,
    /// until the task running it is cancelled. The observation ends with that work, or when the
    /// work is dropped without being run.
    let subscribe: @Sendable (_ changed: @escaping @Sendable () -> Void) -> @Sendable () async -> Void
    /// Starts the feed's schedule (shared; does nothing if it runs).
    let start: @Sendable () -> Void
    /// Stops the schedule when nobody observes the feed any more.
    let stopIfUnobserved: @Sendable () async -> Void
    /// Loads the feed now, asking the source (for a refresh the user asked for); true when the
    /// feed then holds fresh data, false when the source failed and it keeps what it had.
    let refresh: @Sendable () async -> Bool

    init<Value: Sendable>(_ updater: FeedStore.FeedUpdater<Value>) {
        subscribe = { changed in
            let states = updater.subject.values(bufferingPolicy: .bufferingNewest(1))
            return {
                var isFirst = true
                for await state in states {
                    defer { isFirst = false }
                    guard !isFirst, !state.isLoading else { continue }
                    changed()
                }
            }
        }
        start = { updater.start() }
        refresh = {
            await updater.refresh()
            guard case .loaded(let loaded) = updater.subject.value else { return false }
            return !loaded.isStale
        }
        stopIfUnobserved = {
            if updater.subject.observerCount == 0 { await updater.stop() }
        }
    }

    /// The bookmarks: their subject, which a change made through this process sends at once; while
    /// observed, the database is looked at every `interval` for changes made by other processes
    /// (`finnkino bookmarks` in a terminal), a single pragma when there are none.
    init(bookmarks: BookmarkStore, interval: Duration = .seconds(2)) {
        subscribe = { changed in
            let lists = bookmarks.bookmarks.values(bufferingPolicy: .bufferingNewest(1))
            return {
                await withTaskGroup(of: Void.self) { group in
                    group.addTask {
                        var isFirst = true
                        for await _ in lists {
                            defer { isFirst = false }
                            if !isFirst { changed() }
                        }
                    }
                    group.addTask {
                        while (try? await Task.sleep(for: interval)) != nil { bookmarks.refresh() }
                    }
                }
            }
        }
        start = {}
        refresh = {
            bookmarks.refresh()
            return true
        }
        stopIfUnobserved = {}
    }

    /// The feeds a screen shows; `myTheatres`, the person's own theatres, are followed instead of
    /// the area when the Showtimes screen shows only theirs.
    static func feeds(
        of screen: ScreenRequest, store: FeedStore, bookmarks: BookmarkStore, today: LocalDate, myTheatres: [Int]
    ) -> [LiveFeed] {
        switch screen {
        case .movies(let area, _, let list, _, _, _):
            [LiveFeed(store.moviesFeed(list, area: area))]
        case .showtimes(_, _, _, let date, let filter) where filter.onlyMyTheatres && !myTheatres.isEmpty:
            Set(myTheatres).sorted().map { LiveFeed(store.showtimesFeed(area: $0, date: date ?? today)) }
        case .showtimes(_, let area, _, let date, _):
            [
                LiveFeed(store.showtimesFeed(area: area, date: date ?? today)),
                LiveFeed(store.scheduleDatesFeed(area: area)),
            ]
        case .news(let category):
            [LiveFeed(store.newsFeed(categoryID: category)), LiveFeed(store.newsCategoriesFeed())]
        case .bookmarks:
            [LiveFeed(bookmarks: bookmarks)]
        }
    }
}
