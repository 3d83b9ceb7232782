import FinnkinoKit
import Foundation
import GRDB
import Logging

/// One person's bookmark rows in an open SQLite transaction (see ``SQLiteBookmarkStore``).
struct SQLiteBookmarkTable: BookmarkTable {
    let db: Database
    let person: PersonID

    /// Inserts `bookmark`, replacing one of the same movie.
    func insert(_ bookmark: Bookmark) throws {
        try db.execute(
            sql: """
                INSERT OR REPLACE INTO bookmark (person, source, movie_id, title, original_title, poster_url, added_at)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                """,
            arguments: [
                person.rawValue, bookmark.source.rawValue, bookmark.movieID, bookmark.title, bookmark.originalTitle,
                bookmark.posterURL?.absoluteString, bookmark.addedAt.timeIntervalSinceReferenceDate,
            ])
    }

    /// Deletes the bookmark of a movie, if there is one.
    func delete(_ source: Bookmark.Source, movieID: Int) throws {
        try db.execute(
            sql: "DELETE FROM bookmark WHERE person = ? AND source = ? AND movie_id = ?",
            arguments: [person.rawValue, source.rawValue, movieID])
    }

    /// How many bookmarks the person has.
    func count() throws -> Int {
        try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM bookmark WHERE person = ?", arguments: [person.rawValue]) ?? 0
    }

    /// The stored bookmark of a movie.
    func bookmark(_ source: Bookmark.Source, movieID: Int) throws -> Bookmark? {
        try Row.fetchOne(
            db, sql: "SELECT * FROM bookmark WHERE person = ? AND source = ? AND movie_id = ?",
            arguments: [person.rawValue, source.rawValue, movieID]
        )
        .map(Self.bookmark(from:))
    }

    /// Every bookmark, newest first. A row that cannot be read as a bookmark (a source a newer
    /// version wrote, a value of the wrong type) is left out and logged, and left in the file: one
    /// odd row must not hide the others or stop the app.
    func all(logger: Logger) throws -> [Bookmark] {
        try Row.fetchAll(
            db, sql: "SELECT * FROM bookmark WHERE person = ? ORDER BY added_at DESC, source DESC, movie_id DESC",
            arguments: [person.rawValue]
        )
        .compactMap { row in
            do {
                return try Self.bookmark(from: row)
            } catch {
                logger.warning("bookmarks: a row is left out: \(error)")
                return nil
            }
        }
    }

    private static func bookmark(from row: Row) throws -> Bookmark {
        let sourceName: String = try row.decode(String.self, forColumn: "source")
        let movieID: Int = try row.decode(Int.self, forColumn: "movie_id")
        guard let source = Bookmark.Source(rawValue: sourceName) else {
            throw BookmarkStoreError.unknownSource(sourceName, movieID: movieID)
        }
        let poster: String? = try row.decode(String?.self, forColumn: "poster_url")
        return Bookmark(
            source: source, movieID: movieID, title: try row.decode(String.self, forColumn: "title"),
            originalTitle: try row.decode(String.self, forColumn: "original_title"),
            posterURL: poster.flatMap(URL.init(string:)),
            addedAt: Date(timeIntervalSinceReferenceDate: try row.decode(Double.self, forColumn: "added_at")))
    }
}
