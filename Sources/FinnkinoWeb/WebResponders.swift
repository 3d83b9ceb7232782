import AppPatterns
import FinnkinoKit
import FinnkinoPresentation
import Foundation

extension Action {
    /// Bookmark the movie on screen, or remove its bookmark.
    static let toggleBookmark = Action("toggleBookmark")
}

/// The page an action was sent from: which screen, and for a movie (Finnkino's or an
/// international list's), which one.
enum ActionPage: Sendable, Equatable {
    case movie(Bookmark.Key)
    case bookmarks
    case other

    /// The page at `path` (its query, if any, aside).
    init(path: String) {
        let path = path.split(separator: "?", maxSplits: 1).first.map(String.init) ?? ""
        switch WebRoute(path: path) {
        case .bookmarks: self = .bookmarks
        case .movie(let id): self = .movie(Bookmark.Key(.finnkino, id))
        case .internationalMovie(let id): self = .movie(Bookmark.Key(.international, id))
        default: self = .other
        }
    }

    /// The page of a movie.
    static func path(of key: Bookmark.Key) -> String {
        switch key.source {
        case .finnkino: WebRoute.movie(id: key.movieID).path
        case .international: WebRoute.internationalMovie(id: key.movieID).path
        }
    }
}

/// The screen's link of the server's responder chain: the movie pages and the Bookmarks screen
/// hold the bookmarks' undo history, so they handle undo and redo; a movie page toggles its
/// movie's bookmark. Everything else goes on to the services.
///
/// (The page's own links, view → screen → tab → app, are in `app.js`: focusing the search, moving
/// between tabs and the help overlay never need the server; the page sends the rest here.)
struct ScreenResponder: Responder {
    let page: ActionPage
    let bookmarks: BookmarkStore
    let store: FeedStore
    let strings: UIStrings
    let language: UILanguage
    let now: @Sendable () -> Date
    let nextResponder: (any Responder)?

    var responderName: String { "screen" }

    func handle(_ action: Action) async throws -> ActionOutcome? {
        guard page != .other else { return nil }
        switch action {
        case .undo:
            guard let command = try bookmarks.undo() else { return ActionOutcome(message: strings.nothingToUndo) }
            return ActionOutcome(message: strings.undone(describe(command)))
        case .redo:
            guard let command = try bookmarks.redo() else { return ActionOutcome(message: strings.nothingToRedo) }
            return ActionOutcome(message: strings.redone(describe(command)))
        case .toggleBookmark:
            guard case .movie(let key) = page else { return nil }
            return ActionOutcome(message: try await toggle(key))
        default:
            return nil
        }
    }

    /// Bookmarks the movie, or removes its bookmark; says which.
    func toggle(_ key: Bookmark.Key) async throws -> String {
        if bookmarks.contains(movieID: key.movieID, source: key.source) {
            let removed = try bookmarks.remove([key])
            return strings.removedOne(removed.first?.title ?? String(key.movieID))
        }
        let bookmark = try await bookmark(of: key)
        _ = try bookmarks.add(bookmark)
        return strings.bookmarkAdded(bookmark.title)
    }

    /// A new bookmark of the movie, from its source.
    private func bookmark(of key: Bookmark.Key) async throws -> Bookmark {
        switch key.source {
        case .finnkino:
            return Bookmark(try await store.movie(id: key.movieID), addedAt: now())
        case .international:
            var viewModel = ChartMovieViewModel(store: store, strings: strings, words: language.charts)
            await viewModel.load(id: key.movieID, now: now())
            guard let bookmark = viewModel.bookmark else { throw FeedStoreError.movieNotFound(id: key.movieID) }
            return bookmark
        }
    }

    private func describe(_ command: BookmarkCommand) -> String {
        switch command {
        case .add(let add): strings.bookmarkAdded(add.bookmark.title)
        case .remove(let remove):
            remove.bookmarks.count == 1
                ? strings.removedOne(remove.bookmarks[0].title)
                : strings.removedMany(String(remove.bookmarks.count))
        }
    }
}

/// The last link of the server's chain: the data services. Refresh asks the source for the feeds
/// of the page now, and says whether it answered.
struct ServicesResponder: Responder {
    let feeds: [LiveFeed]
    let strings: UIStrings

    var nextResponder: (any Responder)? { nil }
    var responderName: String { "services" }

    func handle(_ action: Action) async throws -> ActionOutcome? {
        guard action == .refresh else { return nil }
        var fresh = true
        for feed in feeds where await !feed.refresh() { fresh = false }
        return ActionOutcome(message: fresh ? strings.refreshed : strings.refreshFailed)
    }
}
