import AppPatterns
import Foundation

/// The undo history of a person's bookmark changes.
public typealias BookmarkHistory = CommandHistory<BookmarkCommand>

/// The limits every bookmark store keeps.
public enum BookmarkLimits {
    /// How many changes can be undone.
    public static let undoDepth = 50
    /// The most bookmarks one person can have: more than anyone follows, few enough that one
    /// person cannot fill the server's disk or make their pages slow.
    public static let perPerson = 500
}

/// One person's bookmarks and their undo history. The contract every kind of store keeps
/// (`SQLiteBookmarkStore` on one machine; the bookmark tests taking a `BookmarkStoresKind` hold
/// each kind to it).
///
/// Every change is a ``BookmarkCommand`` kept together with the updated history, so an undo in
/// another process (the CLI, or the server after a restart) undoes the last change, and a change
/// that returned survives a crash. More than ``BookmarkLimits/perPerson`` bookmarks are refused
/// (``BookmarkStoreError/full(limit:)``).
public protocol BookmarkStore: AnyObject, Sendable {
    /// The bookmarks, newest first, sent again after every change (by this process, or by another
    /// one as soon as this store reads: see ``refresh()``).
    var bookmarks: Subject<[Bookmark]> { get }
    /// Whose bookmarks these are.
    var person: PersonID { get }
    /// Where the bookmarks are kept, for messages.
    var path: String { get }
    /// Why the bookmarks cannot be used (the store lists none and refuses changes); nil for a
    /// working store.
    var unavailableReason: String? { get }
    /// Every bookmark, newest first (changes by other processes included).
    func all() -> [Bookmark]
    /// Whether a movie is bookmarked.
    func contains(movieID: Int, source: Bookmark.Source) -> Bool
    /// The undo history as kept (changes by other processes included).
    var history: BookmarkHistory { get }
    /// Reads again what another process changed since this store last looked, and sends the new
    /// list to the observers of ``bookmarks``.
    func refresh()
    /// Bookmarks a movie. Returns false (and records nothing) when it was already bookmarked.
    @discardableResult
    func add(_ bookmark: Bookmark) throws -> Bool
    /// Removes the bookmarks of these movies, of any catalogue, as one change (one undo puts them
    /// all back); returns them, newest first. Keys not bookmarked are ignored; when none is,
    /// nothing is recorded.
    @discardableResult
    func remove(_ keys: some Collection<Bookmark.Key>) throws -> [Bookmark]
    /// Undoes the last change (made by any process). Returns it, or nil when there was none.
    @discardableResult
    func undo() throws -> BookmarkCommand?
    /// Redoes the last undone change. Returns it, or nil when there was none.
    @discardableResult
    func redo() throws -> BookmarkCommand?
    /// Checks everything kept and throws when it is damaged.
    func verifyIntegrity() throws
}

extension BookmarkStore {
    /// Whether a Finnkino movie is bookmarked.
    public func contains(movieID: Int) -> Bool { contains(movieID: movieID, source: .finnkino) }

    /// Whether there is a change to undo.
    public var canUndo: Bool { history.canUndo }
    /// Whether there is an undone change to redo.
    public var canRedo: Bool { history.canRedo }

    /// Removes the bookmarks of these movies of `source`, as one change (see ``remove(_:)``).
    @discardableResult
    public func remove(movieIDs: some Collection<Int>, source: Bookmark.Source = .finnkino) throws -> [Bookmark] {
        try remove(movieIDs.map { Bookmark.Key(source, $0) })
    }
}

/// Every person's bookmarks: one ``BookmarkStore`` per person, the same for every call, so that a
/// person's open pages and actions share one list and one undo history.
public protocol BookmarkStores: PersonalStore {
    /// Where the bookmarks are kept, for messages.
    var path: String { get }
    /// Why bookmarks cannot be used; nil when they can.
    var unavailableReason: String? { get }
    /// `person`'s bookmarks.
    func store(for person: PersonID) throws -> any BookmarkStore
    /// Whether `person` bookmarked the movie: one question, with no store of theirs read or kept
    /// (a page that shows one movie's button, opened by many persons). False when bookmarks
    /// cannot be used, as their store would list none.
    func isBookmarked(_ movieID: Int, source: Bookmark.Source, by person: PersonID) throws -> Bool
    /// Deletes every bookmark of `person` and their undo history; their store, if made, then
    /// lists none (and tells its observers).
    func erase(_ person: PersonID) throws
    /// The persons among `persons` who have at least one bookmark.
    func personsWithBookmarks(among persons: [PersonID]) throws -> Set<PersonID>
}
