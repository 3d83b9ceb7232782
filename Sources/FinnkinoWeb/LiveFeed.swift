import AppPatterns
import FinnkinoKit
import Foundation

/// One FeedStore feed a page shows, seen as a source of "changed" signals (the Observer side of
/// Subject + Updater), whatever the type of its value.
struct LiveFeed: Sendable {
    /// Calls `changed` after every settled state (loaded or failed) that follows the current one,
    /// until the calling task is cancelled. The observation ends with it.
    let observe: @Sendable (_ changed: @escaping @Sendable () -> Void) async -> Void
    /// Starts the feed's schedule (shared; does nothing if it runs).
    let start: @Sendable () -> Void
    /// Stops the schedule when nobody observes the feed any more.
    let stopIfUnobserved: @Sendable () async -> Void
    /// Loads the feed now (for a refresh the user asked for).
    let refresh: @Sendable () async -> Void

    init<Value: Sendable>(_ updater: FeedStore.FeedUpdater<Value>) {
        observe = { changed in
            var isFirst = true
            for await state in updater.subject.values(bufferingPolicy: .bufferingNewest(1)) {
                defer { isFirst = false }
                guard !isFirst, !state.isLoading else { continue }
                changed()
            }
        }
        start = { updater.start() }
        refresh = { await updater.refresh() }
        stopIfUnobserved = {
            if updater.subject.observerCount == 0 { await updater.stop() }
        }
    }

    /// The feeds a screen shows.
    static func feeds(of screen: ScreenRequest, store: FeedStore, today: LocalDate) -> [LiveFeed] {
        switch screen {
        case .movies(let area, _, let list, _, _):
            [LiveFeed(store.moviesFeed(list, area: area))]
        case .showtimes(_, let area, _, let date):
            [
                LiveFeed(store.showtimesFeed(area: area, date: date ?? today)),
                LiveFeed(store.scheduleDatesFeed(area: area)),
            ]
        case .news(let category):
            [LiveFeed(store.newsFeed(categoryID: category)), LiveFeed(store.newsCategoriesFeed())]
        }
    }
}
