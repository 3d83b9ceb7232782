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
/// movie's bookmark. Each is an input of ``BookmarkActionsViewModel``. Everything else goes on to
/// the services.
///
/// (The page's own links, view → screen → tab → app, are in `app.js`: focusing the search, moving
/// between tabs and the help overlay never need the server; the page sends the rest here.)
struct ScreenResponder: Responder {
    let page: ActionPage
    let actions: BookmarkActionsViewModel
    let nextResponder: (any Responder)?

    var responderName: String { "screen" }

    func handle(_ action: Action) async throws -> ActionOutcome? {
        guard page != .other else { return nil }
        var actions = actions
        switch (action, page) {
        case (.undo, _): actions.undoSelected()
        case (.redo, _): actions.redoSelected()
        case (.toggleBookmark, .movie(let key)): await actions.bookmarkToggled(key)
        default: return nil
        }
        return actions.outputs.message.map(ActionOutcome.init(message:))
    }
}

/// The last link of the server's chain: the data services. Refresh asks the source for the feeds
/// of the page now, and says whether it answered.
struct ServicesResponder: Responder {
    let feeds: [ObservedFeed]
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
