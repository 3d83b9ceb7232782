import AppPatterns

/// Bookmarks a movie; undo removes the bookmark again.
public struct AddBookmark: Command, Codable, Hashable {
    public var bookmark: Bookmark

    public init(_ bookmark: Bookmark) { self.bookmark = bookmark }

    public func execute(on table: inout BookmarkTable) throws { try table.insert(bookmark) }
    public func undo(on table: inout BookmarkTable) throws {
        try table.delete(bookmark.source, movieID: bookmark.movieID)
    }
}

/// Removes one or several bookmarks; undo puts them back with their original dates (so in their
/// original places in the list).
public struct RemoveBookmarks: Command, Codable, Hashable {
    /// The removed bookmarks, in list order.
    public var bookmarks: [Bookmark]

    public init(_ bookmarks: [Bookmark]) { self.bookmarks = bookmarks }

    public func execute(on table: inout BookmarkTable) throws {
        for bookmark in bookmarks { try table.delete(bookmark.source, movieID: bookmark.movieID) }
    }
    public func undo(on table: inout BookmarkTable) throws {
        for bookmark in bookmarks { try table.insert(bookmark) }
    }
}

/// Any change of the bookmarks, as kept in the undo history.
public enum BookmarkCommand: Command, Codable, Hashable {
    case add(AddBookmark)
    case remove(RemoveBookmarks)

    /// The bookmarks the change is about.
    public var bookmarks: [Bookmark] {
        switch self {
        case .add(let add): [add.bookmark]
        case .remove(let remove): remove.bookmarks
        }
    }

    public func execute(on table: inout BookmarkTable) throws {
        switch self {
        case .add(let add): try add.execute(on: &table)
        case .remove(let remove): try remove.execute(on: &table)
        }
    }

    public func undo(on table: inout BookmarkTable) throws {
        switch self {
        case .add(let add): try add.undo(on: &table)
        case .remove(let remove): try remove.undo(on: &table)
        }
    }
}
