import AppPatterns

/// Bookmarks a movie; undo removes the bookmark again.
public struct AddBookmark: Command, Codable, Hashable {
    public var bookmark: Bookmark

    public init(_ bookmark: Bookmark) { self.bookmark = bookmark }

    public func execute(on table: inout any BookmarkTable) throws { try table.insert(bookmark) }
    public func undo(on table: inout any BookmarkTable) throws {
        try table.delete(bookmark.source, movieID: bookmark.movieID)
    }
}

/// Removes one or several bookmarks; undo puts them back with their original dates (so in their
/// original places in the list).
public struct RemoveBookmarks: Command, Codable, Hashable {
    /// The removed bookmarks, in list order.
    public var bookmarks: [Bookmark]

    public init(_ bookmarks: [Bookmark]) { self.bookmarks = bookmarks }

    public func execute(on table: inout any BookmarkTable) throws {
        for bookmark in bookmarks { try table.delete(bookmark.source, movieID: bookmark.movieID) }
    }
    public func undo(on table: inout any BookmarkTable) throws {
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

    public func execute(on table: inout any BookmarkTable) throws {
        switch self {
        case .add(let add): try add.execute(on: &table)
        case .remove(let remove): try remove.execute(on: &table)
        }
    }

    public func undo(on table: inout any BookmarkTable) throws {
        switch self {
        case .add(let add): try add.undo(on: &table)
        case .remove(let remove): try remove.undo(on: &table)
        }
    }
}

extension BookmarkCommand {
    /// The command that bookmarks `bookmark` in `table`; nil when it is bookmarked already.
    /// - Throws: ``BookmarkStoreError/full(limit:)`` at ``BookmarkLimits/perPerson`` bookmarks.
    package static func adding(_ bookmark: Bookmark, to table: any BookmarkTable) throws -> BookmarkCommand? {
        guard try table.bookmark(bookmark.source, movieID: bookmark.movieID) == nil else { return nil }
        guard try table.count() < BookmarkLimits.perPerson else {
            throw BookmarkStoreError.full(limit: BookmarkLimits.perPerson)
        }
        return .add(AddBookmark(bookmark))
    }

    /// The command that removes the bookmarks of `keys` from `table`, in list order; nil when none
    /// of them is bookmarked.
    package static func removing(_ keys: Set<Bookmark.Key>, from table: any BookmarkTable) throws -> BookmarkCommand? {
        let removed = try keys.compactMap { try table.bookmark($0.source, movieID: $0.movieID) }
            .sorted(by: Bookmark.isListedBefore)
        return removed.isEmpty ? nil : .remove(RemoveBookmarks(removed))
    }
}
