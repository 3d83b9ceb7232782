import AppPatterns
import FinnkinoKit
import Foundation

/// One feed a screen shows, seen as a source of "changed" signals (the Observer side of Subject +
/// Updater), whatever the type of its value. Each screen that can change while it is open says
/// which it shows (``ObservingScreen``); the web app's live updates observe those.
public struct ObservedFeed: Sendable {
    /// Starts observing at once (no change after this call is missed) and returns the work that
    /// calls `changed` after every settled state (loaded or failed) that follows the current one,
    /// until the task running it is cancelled. The observation ends with that work, or when the
    /// work is dropped without being run.
    public let subscribe: @Sendable (_ changed: @escaping @Sendable () -> Void) -> @Sendable () async -> Void
    /// Starts the feed's schedule (shared; does nothing if it runs).
    public let start: @Sendable () -> Void
    /// Stops the schedule when nobody observes the feed any more.
    public let stopIfUnobserved: @Sendable () async -> Void
    /// Loads the feed now, asking the source (for a refresh the user asked for); true when the
    /// feed then holds fresh data, false when the source failed and it keeps what it had.
    public let refresh: @Sendable () async -> Bool

    public init<Value: Sendable>(_ updater: FeedStore.FeedUpdater<Value>) {
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
    public init(bookmarks: BookmarkStore, interval: Duration = .seconds(2)) {
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
}

/// A screen whose outputs can change while it is open: the feeds they are made of, for its
/// inputs as they are now (the live updates observe them and load the screen again on a change).
public protocol ObservingScreen {
    var observedFeeds: [ObservedFeed] { get }
}
