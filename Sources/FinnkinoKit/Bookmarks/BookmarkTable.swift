/// One person's bookmark rows inside a store's open transaction: what bookmark commands act on
/// (``SQLiteBookmarkTable``, ``PostgresBookmarkTable``).
public protocol BookmarkTable {
    /// Inserts `bookmark`, replacing one of the same movie.
    func insert(_ bookmark: Bookmark) throws
    /// Deletes the bookmark of a movie, if there is one.
    func delete(_ source: Bookmark.Source, movieID: Int) throws
    /// How many bookmarks the person has.
    func count() throws -> Int
    /// The stored bookmark of a movie.
    func bookmark(_ source: Bookmark.Source, movieID: Int) throws -> Bookmark?
}
