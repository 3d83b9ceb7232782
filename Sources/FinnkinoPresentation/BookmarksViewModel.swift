import AppPatterns
import FinnkinoKit
import Foundation

/// The Bookmarks screen: the kept movies, newest first, each with its next show in the user's
/// area; remove one or several, undo and redo.
public struct BookmarksViewModel: Sendable {
    /// One bookmarked movie, every value ready to show.
    public struct Row: Sendable, Hashable {
        public var movieID: Int
        public var source: Bookmark.Source
        public var title: String
        public var posterURL: URL?
        /// `Added 27.2.2022`.
        public var added: String
        /// `Tomorrow 18:30, Kinopalatsi, Helsinki`; nil when no show was found.
        public var nextShow: String?
        /// The next show, else `No shows in this area` or `Not showing`; empty when the lists
        /// could not be loaded.
        public var showing: String
    }

    /// Says what was just removed and offers to undo it.
    public struct UndoBanner: Sendable, Hashable {
        /// `Removed Dyyni`, `Removed 3 movies`.
        public var message: String
        /// `Undo`.
        public var actionTitle: String
        /// The movies the undo would bring back.
        public var movieIDs: [Int]
    }

    public struct Outputs: Sendable {
        public var rows: [Row] = []
        public var selectedArea = BookmarksViewModel.defaultArea
        /// The selected area's name, when the areas could be loaded.
        public var areaName: String?
        /// Set after a removal (or a redone removal) until the next undo, redo or removal.
        public var undoBanner: UndoBanner?
        public var canUndo = false
        public var canRedo = false
        public var emptyMessage: String?
        public var errorMessage: String?
    }

    /// Helsinki.
    public static let defaultArea = AreaChoice.helsinki
    /// How many days (today included) are searched for a bookmarked movie's next show.
    public static let daysAhead = 3

    public private(set) var outputs = Outputs()
    private let store: FeedStore
    private let bookmarks: BookmarkStore
    private let format: DisplayFormat
    private let now: @Sendable () -> Date

    public init(
        store: FeedStore, bookmarks: BookmarkStore, strings: UIStrings, now: @escaping @Sendable () -> Date = Date.init
    ) {
        self.store = store
        self.bookmarks = bookmarks
        format = DisplayFormat(strings: strings)
        self.now = now
    }

    // MARK: Inputs

    /// The user chose the area whose shows are looked up. Takes effect on the next ``load()``.
    public mutating func areaSelected(_ id: Int) { outputs.selectedArea = id }

    /// The user removed these bookmarks (one change: one undo brings them all back); the list
    /// reloads and the undo banner names them.
    public mutating func removeSelected(movieIDs: [Int]) async {
        await removeSelected(movieIDs.map { Bookmark.Key(.finnkino, $0) })
    }

    /// The user removed these bookmarks (of any catalogue) as one change.
    public mutating func removeSelected(_ keys: [Bookmark.Key]) async {
        await perform { bookmarks in
            let removed = try bookmarks.remove(keys)
            return removed.isEmpty ? nil : removed
        }
    }

    /// The user asked to undo the last change.
    public mutating func undoSelected() async {
        await perform { bookmarks in
            try bookmarks.undo()
            return nil
        }
    }

    /// The user asked to redo the last undone change.
    public mutating func redoSelected() async {
        await perform { bookmarks in
            guard case .remove(let remove) = try bookmarks.redo() else { return nil }
            return remove.bookmarks
        }
    }

    /// Loads the bookmarks and their next shows into `outputs`.
    public mutating func load() async {
        let strings = format.strings
        let instant = now()
        let today = HelsinkiTime.localDate(of: instant)
        let list = bookmarks.all()
        let history = bookmarks.history
        outputs.canUndo = history.canUndo
        outputs.canRedo = history.canRedo
        outputs.errorMessage = nil
        outputs.emptyMessage = list.isEmpty ? strings.noBookmarks : nil
        let area = outputs.selectedArea
        outputs.areaName = (try? await store.areas().value)?.first { $0.id == area }?.name
        guard !list.isEmpty else {
            outputs.rows = []
            return
        }
        let listed = await listedMovieIDs()
        let wanted = Set(list.lazy.filter { $0.source == .finnkino }.map(\.movieID)).intersection(listed ?? [])
        let shows = await nextShows(of: wanted, area: area, from: instant)
        outputs.rows = list.map { bookmark in
            let nextShow = bookmark.source == .finnkino ? shows[bookmark.movieID] : nil
            let text = nextShow.map { show in
                format.day(HelsinkiTime.localDate(of: show.start), today: today) + " "
                    + HelsinkiTime.clockTime(of: show.start) + ", " + show.theatre
            }
            let showing: String =
                if bookmark.source == .international { strings.internationalBookmark } else if let text {
                    text
                } else if listed == nil { "" } else if wanted.contains(bookmark.movieID) {
                    strings.noShowsInArea
                } else { strings.notShowing }
            return Row(
                movieID: bookmark.movieID, source: bookmark.source, title: bookmark.title,
                posterURL: bookmark.posterURL,
                added: strings.bookmarkedOn(format.date(HelsinkiTime.localDate(of: bookmark.addedAt))),
                nextShow: text, showing: showing)
        }
    }

    // MARK: Work

    /// Runs a change; when it returns removed bookmarks, the banner names them. Reloads after.
    private mutating func perform(_ change: (BookmarkStore) throws -> [Bookmark]?) async {
        let failed: Bool
        do {
            outputs.undoBanner = try change(bookmarks).map(banner(for:))
            failed = false
        } catch {
            failed = true
        }
        await load()
        if failed { outputs.errorMessage = format.strings.bookmarksFailed }
    }

    private func banner(for removed: [Bookmark]) -> UndoBanner {
        let strings = format.strings
        let message =
            removed.count == 1
            ? strings.removedOne(removed[0].title)
            : strings.removedMany(String(removed.count))
        return UndoBanner(message: message, actionTitle: strings.undo, movieIDs: removed.map(\.movieID))
    }

    /// The IDs of the movies in Finnkino's nationwide lists (now in theatres, coming soon); nil
    /// when neither list could be loaded.
    private func listedMovieIDs() async -> Set<Int>? {
        var ids: Set<Int>?
        for list in EventListType.allCases {
            guard let movies = try? await store.movies(list).value else { continue }
            ids = (ids ?? []).union(movies.lazy.map(\.id))
        }
        return ids
    }

    /// The first show not yet started of each movie in `movieIDs`, looking at today and the next
    /// days (``daysAhead`` in all) and stopping as soon as every movie has one.
    private func nextShows(of movieIDs: Set<Int>, area: Int, from instant: Date) async -> [Int: Show] {
        var remaining = movieIDs
        var found: [Int: Show] = [:]
        let today = HelsinkiTime.localDate(of: instant)
        for offset in 0..<Self.daysAhead where !remaining.isEmpty {
            guard let shows = try? await store.showtimes(area: area, date: today.adding(days: offset)).value
            else { continue }
            for show in shows where show.start >= instant && remaining.contains(show.eventID) {
                found[show.eventID] = show
                remaining.remove(show.eventID)
            }
        }
        return found
    }
}

extension BookmarksViewModel: ObservingScreen {
    /// The bookmarks themselves (a change in another process included).
    public var observedFeeds: [ObservedFeed] { [ObservedFeed(bookmarks: bookmarks)] }
}
