import AppPatterns
import FinnkinoKit
import Foundation
import Logging
import PostgresNIO
import Storage

/// One person's bookmark rows in an open PostgreSQL transaction (see ``PostgresBookmarkStore``).
struct PostgresBookmarkTable: BookmarkTable {
    let session: PostgresSession
    let person: PersonID
    /// Where the rows inserted and deleted are noted, for the store to update the list it keeps.
    var changes: BookmarkRowChanges? = nil

    /// The columns a ``Bookmark`` is read from, in the order ``bookmark(from:)`` decodes them.
    static let columns = "source, movie_id, title, original_title, poster_url, added_at"

    func insert(_ bookmark: Bookmark) throws {
        try session.execute(
            """
            INSERT INTO bookmark (person, source, movie_id, title, original_title, poster_url, added_at)
            VALUES (\(person.rawValue), \(bookmark.source.rawValue), \(bookmark.movieID), \(bookmark.title),
                    \(bookmark.originalTitle), \(bookmark.posterURL?.absoluteString),
                    \(bookmark.addedAt.timeIntervalSinceReferenceDate))
            ON CONFLICT (person, source, movie_id) DO UPDATE SET title = excluded.title,
                original_title = excluded.original_title, poster_url = excluded.poster_url, added_at = excluded.added_at
            """)
        changes?.steps.append(.insert(bookmark))
    }

    func delete(_ source: Bookmark.Source, movieID: Int) throws {
        try session.execute(
            "DELETE FROM bookmark WHERE person = \(person.rawValue) AND source = \(source.rawValue) AND movie_id = \(movieID)"
        )
        changes?.steps.append(.delete(Bookmark.Key(source, movieID)))
    }

    func count() throws -> Int {
        try session.query("SELECT count(*) FROM bookmark WHERE person = \(person.rawValue)").first?.decode(Int.self)
            ?? 0
    }

    func bookmark(_ source: Bookmark.Source, movieID: Int) throws -> Bookmark? {
        try session.query(
            """
            SELECT \(unescaped: Self.columns) FROM bookmark
            WHERE person = \(person.rawValue) AND source = \(source.rawValue) AND movie_id = \(movieID)
            """
        ).first.map(Self.bookmark(from:))
    }

    /// Every bookmark, newest first; a row that cannot be read is left out and logged (as in
    /// ``SQLiteBookmarkTable/all(logger:)``).
    func all(logger: Logger) throws -> [Bookmark] {
        try revisionAndList(unless: nil, logger: logger).list ?? []
    }

    /// The revision of the person's bookmarks (nil: they have no history row) and, unless it is
    /// `known`, every bookmark at that revision, newest first (nil: the revision is the one known);
    /// a row that cannot be read is left out and logged. One statement, so both are of one
    /// snapshot, and a look costs one round trip.
    func revisionAndList(unless known: Int64??, logger: Logger) throws -> (revision: Int64?, list: [Bookmark]?) {
        let rows = try session.query(
            """
            SELECT history.revision, bookmark.source, bookmark.movie_id, bookmark.title, bookmark.original_title,
                bookmark.poster_url, bookmark.added_at
            FROM (VALUES (\(person.rawValue))) AS asked (person)
            LEFT JOIN bookmark_history AS history ON history.person = asked.person
            LEFT JOIN bookmark ON bookmark.person = asked.person
                AND (\(known == nil) OR history.revision IS DISTINCT FROM \(known ?? nil))
            ORDER BY bookmark.added_at DESC, bookmark.source DESC, bookmark.movie_id DESC
            """)
        var revision: Int64?
        var list: [Bookmark] = []
        for row in rows {
            let (rowRevision, sourceName, movieID, title, originalTitle, poster, addedAt) = try row.decode(
                (Int64?, String?, Int?, String?, String?, String?, Double?).self)
            revision = rowRevision
            // A row without a bookmark: the person has none, or the list was not asked for.
            guard let sourceName, let movieID, let title, let originalTitle, let addedAt else { continue }
            do {
                list.append(try Self.bookmark(sourceName, movieID, title, originalTitle, poster, addedAt))
            } catch {
                logger.warning("bookmarks: a row is left out: \(error)")
            }
        }
        if case .some(let knownRevision) = known, knownRevision == revision { return (revision, nil) }
        return (revision, list)
    }

    private static func bookmark(from row: PostgresRow) throws -> Bookmark {
        let (sourceName, movieID, title, originalTitle, poster, addedAt) = try row.decode(
            (String, Int, String, String, String?, Double).self)
        return try bookmark(sourceName, movieID, title, originalTitle, poster, addedAt)
    }

    private static func bookmark(
        _ sourceName: String, _ movieID: Int, _ title: String, _ originalTitle: String, _ poster: String?,
        _ addedAt: Double
    ) throws -> Bookmark {
        guard let source = Bookmark.Source(rawValue: sourceName) else {
            throw BookmarkStoreError.unknownSource(sourceName, movieID: movieID)
        }
        return Bookmark(
            source: source, movieID: movieID, title: title, originalTitle: originalTitle,
            posterURL: poster.flatMap(URL.init(string:)), addedAt: Date(timeIntervalSinceReferenceDate: addedAt))
    }
}

/// The rows one change inserted and deleted, in order: applied to the list as it was before the
/// change, they give the list after it (see ``PostgresBookmarkStore``).
final class BookmarkRowChanges {
    enum Step {
        case insert(Bookmark)
        case delete(Bookmark.Key)
    }

    var steps: [Step] = []

    /// `list` (newest first) with these steps applied, newest first.
    func applied(to list: [Bookmark]) -> [Bookmark] {
        var list = list
        for step in steps {
            switch step {
            case .insert(let bookmark):
                list.removeAll { $0.key == bookmark.key }
                list.append(bookmark)
            case .delete(let key):
                list.removeAll { $0.key == key }
            }
        }
        return list.sorted(by: Bookmark.isListedBefore)
    }
}
