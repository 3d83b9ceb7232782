import AppPatterns
import FinnkinoKit
import Foundation

extension Action {
    /// Bookmark the movie on screen, or remove its bookmark.
    static let toggleBookmark = Action("toggleBookmark")
}

/// The page an action was sent from: which screen, and for a movie, which one.
enum ActionPage: Sendable, Equatable {
    case movie(Int)
    case bookmarks
    case other

    init(path: String) {
        let path = path.split(separator: "?", maxSplits: 1).first.map(String.init) ?? ""
        if path == "/bookmarks" {
            self = .bookmarks
        } else if path.hasPrefix("/movie/"), let id = Int(path.dropFirst("/movie/".count)) {
            self = .movie(id)
        } else {
            self = .other
        }
    }
}

/// The screen's link of the server's responder chain: the Movie and Bookmarks screens hold the
/// bookmarks' undo history, so they handle undo and redo; the Movie screen toggles its movie's
/// bookmark. Everything else goes on to the services.
///
/// (The page's own links, view → screen → tab → app, are in `app.js`: focusing the search, moving
/// between tabs and the help overlay never need the server; the page sends the rest here.)
struct ScreenResponder: Responder {
    let page: ActionPage
    let bookmarks: BookmarkStore
    let store: FeedStore
    let strings: UIStrings
    let now: @Sendable () -> Date
    let nextResponder: (any Responder)?

    var responderName: String { "screen" }

    func handle(_ action: Action) async throws -> ActionOutcome? {
        guard page != .other else { return nil }
        switch action {
        case .undo:
            guard let command = try bookmarks.undo() else { return ActionOutcome(message: strings.nothingToUndo) }
            return ActionOutcome(message: strings.format(strings.undone, describe(command)))
        case .redo:
            guard let command = try bookmarks.redo() else { return ActionOutcome(message: strings.nothingToRedo) }
            return ActionOutcome(message: strings.format(strings.redone, describe(command)))
        case .toggleBookmark:
            guard case .movie(let id) = page else { return nil }
            return ActionOutcome(message: try await toggle(id))
        default:
            return nil
        }
    }

    /// Bookmarks the movie, or removes its bookmark; says which.
    func toggle(_ id: Int) async throws -> String {
        if bookmarks.contains(movieID: id) {
            let removed = try bookmarks.remove(movieIDs: [id])
            return strings.format(strings.removedOne, removed.first?.title ?? String(id))
        }
        let event = try await store.movie(id: id)
        _ = try bookmarks.add(Bookmark(event, addedAt: now()))
        return strings.format(strings.bookmarkAdded, event.title)
    }

    private func describe(_ command: BookmarkCommand) -> String {
        switch command {
        case .add(let add): strings.format(strings.bookmarkAdded, add.bookmark.title)
        case .remove(let remove):
            remove.bookmarks.count == 1
                ? strings.format(strings.removedOne, remove.bookmarks[0].title)
                : strings.format(strings.removedMany, String(remove.bookmarks.count))
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
