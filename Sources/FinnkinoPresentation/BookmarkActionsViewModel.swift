import FinnkinoKit
import Foundation

/// What a person does to their bookmarks from a page, whichever page: bookmark a movie or remove
/// its bookmark (a Finnkino movie or an international list's, one path), undo, redo. Its output
/// is what they are told.
public struct BookmarkActionsViewModel: Sendable {
    public struct Outputs: Sendable, Equatable {
        /// What the last action did, in words (`Added Dyyni`, `Nothing to undo`, why it failed).
        public var message: String?
        /// The change an undo or redo made again or took back; nil when there was none.
        public var change: BookmarkCommand?
        /// Whether the action failed (the message says why).
        public var failed = false
    }

    public private(set) var outputs = Outputs()
    private let store: FeedStore
    private let bookmarks: BookmarkStore
    private let language: UILanguage
    private let now: @Sendable () -> Date

    public init(
        store: FeedStore, bookmarks: BookmarkStore, language: UILanguage,
        now: @escaping @Sendable () -> Date = Date.init
    ) {
        self.store = store
        self.bookmarks = bookmarks
        self.language = language
        self.now = now
    }

    private var strings: UIStrings { language.strings }

    /// The person pressed a movie's bookmark button: it is bookmarked, or its bookmark removed.
    public mutating func bookmarkToggled(_ key: Bookmark.Key) async {
        do {
            if bookmarks.contains(movieID: key.movieID, source: key.source) {
                let removed = try bookmarks.remove([key])
                outputs = Outputs(message: strings.removedOne(removed.first?.title ?? String(key.movieID)))
            } else {
                let bookmark = try await bookmark(of: key)
                _ = try bookmarks.add(bookmark)
                outputs = Outputs(message: strings.bookmarkAdded(bookmark.title))
            }
        } catch {
            outputs = Outputs(message: strings.bookmarkChangeFailed(error), failed: true)
        }
    }

    /// The person asked to undo their last bookmark change.
    public mutating func undoSelected() {
        do {
            let command = try bookmarks.undo()
            outputs = Outputs(
                message: command.map { strings.undone(describe($0)) } ?? strings.nothingToUndo, change: command)
        } catch {
            outputs = Outputs(message: strings.bookmarkChangeFailed(error), failed: true)
        }
    }

    /// The person asked to redo the change they undid last.
    public mutating func redoSelected() {
        do {
            let command = try bookmarks.redo()
            outputs = Outputs(
                message: command.map { strings.redone(describe($0)) } ?? strings.nothingToRedo, change: command)
        } catch {
            outputs = Outputs(message: strings.bookmarkChangeFailed(error), failed: true)
        }
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
                ? strings.removedOne(remove.bookmarks[0].title) : strings.removedMany(String(remove.bookmarks.count))
        }
    }
}
