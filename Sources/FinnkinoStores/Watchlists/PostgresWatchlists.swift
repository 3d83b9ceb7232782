import AppPatterns
import FinnkinoKit
import Foundation
import PostgresNIO
import Storage

/// The ``Watchlists`` of several instances over one PostgreSQL database.
public final class PostgresWatchlists: Watchlists {
    public let personTables = ["watchlist_import", "watchlist_film"]

    private let pool: PostgresPool

    /// The watchlists on `pool`, their tables made or brought up to date first.
    public init(pool: PostgresPool) throws(WatchlistsError) {
        self.pool = pool
        do {
            try PostgresMigrator.migrate(pool, Self.migrations(into:))
        } catch {
            throw WatchlistsError("the watchlists in \(pool.location) cannot be opened: \(error)")
        }
    }

    static func migrations(into migrator: inout PostgresMigrator) {
        migrator.register(
            "watchlists v1",
            [
                """
                CREATE TABLE watchlist_import (
                    id BIGSERIAL PRIMARY KEY,
                    person BIGINT NOT NULL,
                    file_name TEXT NOT NULL,
                    imported_at DOUBLE PRECISION NOT NULL, -- seconds since 1970 UTC
                    wanted TEXT NOT NULL, -- Finnkino movie IDs it made wanted, comma-separated
                    bookmarked TEXT NOT NULL, -- and bookmarked
                    kept BIGINT NOT NULL
                )
                """,
                "CREATE INDEX watchlist_import_person ON watchlist_import (person, id)",
                """
                CREATE TABLE watchlist_film (
                    id BIGSERIAL PRIMARY KEY,
                    person BIGINT NOT NULL,
                    import_id BIGINT NOT NULL,
                    identity TEXT NOT NULL, -- the IMDb ID, or the title's key and the year
                    title TEXT NOT NULL,
                    original_title TEXT,
                    year BIGINT,
                    imdb_id TEXT,
                    origin TEXT NOT NULL,
                    kept_at DOUBLE PRECISION NOT NULL,
                    UNIQUE (person, identity)
                )
                """,
                "CREATE INDEX watchlist_film_import ON watchlist_film (person, import_id)",
            ])
    }

    public func record(
        fileName: String, kept: [WatchlistEntry], wanted: [Int], bookmarked: [Int], for person: PersonID, now: Date
    ) throws(WatchlistsError) -> WatchlistImport {
        let name = String(fileName.prefix(200))
        let seconds = now.timeIntervalSince1970
        let (wantedText, bookmarkedText) = (WatchlistIDs.text(wanted), WatchlistIDs.text(bookmarked))
        let limits = (kept: WatchlistLimits.keptPerPerson, imports: WatchlistLimits.importsPerPerson)
        let (id, count) = try run("changed", inTransaction: true) { session -> (Int64, Int) in
            let id =
                try session.query(
                    """
                    INSERT INTO watchlist_import (person, file_name, imported_at, wanted, bookmarked, kept)
                    VALUES (\(person.rawValue), \(name), \(seconds), \(wantedText), \(bookmarkedText), 0) RETURNING id
                    """
                ).first?.decode(Int64.self) ?? 0
            // Every kept film in one statement (one round trip, not one per film).
            var count = 0
            if !kept.isEmpty {
                let identities = kept.map(\.identity)
                let titles = kept.map(\.title)
                let originals = kept.map { $0.originalTitle ?? "" }
                let years = kept.map { Int64($0.year ?? 0) }
                let imdbs = kept.map { $0.imdbID ?? "" }
                let origins = kept.map(\.origin.rawValue)
                count = try session.execute(
                    """
                    INSERT INTO watchlist_film
                        (person, import_id, identity, title, original_title, year, imdb_id, origin, kept_at)
                    SELECT \(person.rawValue), \(id), f.identity, f.title, NULLIF(f.original_title, ''),
                        NULLIF(f.year, 0), NULLIF(f.imdb_id, ''), f.origin, \(seconds)
                    FROM UNNEST(\(identities)::text[], \(titles)::text[], \(originals)::text[], \(years)::bigint[],
                        \(imdbs)::text[], \(origins)::text[]) AS f(identity, title, original_title, year, imdb_id, origin)
                    ON CONFLICT (person, identity) DO NOTHING
                    """)
            }
            let keptCount = Int64(count)
            try session.execute("UPDATE watchlist_import SET kept = \(keptCount) WHERE id = \(id)")
            try session.execute(
                """
                DELETE FROM watchlist_film WHERE person = \(person.rawValue) AND id NOT IN (
                    SELECT id FROM watchlist_film WHERE person = \(person.rawValue) ORDER BY id DESC LIMIT \(limits.kept))
                """)
            try session.execute(
                """
                DELETE FROM watchlist_import WHERE person = \(person.rawValue) AND id NOT IN (
                    SELECT id FROM watchlist_import WHERE person = \(person.rawValue)
                    ORDER BY id DESC LIMIT \(limits.imports))
                """)
            return (id, count)
        }
        return WatchlistImport(
            id: id, fileName: name, importedAt: now, wanted: wanted, bookmarked: bookmarked, kept: count)
    }

    public func imports(of person: PersonID) throws(WatchlistsError) -> [WatchlistImport] {
        try run("read") { session in
            try session.query(
                """
                SELECT id, file_name, imported_at, wanted, bookmarked, kept FROM watchlist_import
                WHERE person = \(person.rawValue) ORDER BY id DESC
                """
            ).map { try Self.importOf($0) }
        }
    }

    public func forget(import id: Int64, of person: PersonID) throws(WatchlistsError) -> WatchlistImport? {
        try run("changed", inTransaction: true) { session in
            guard
                let row = try session.query(
                    """
                    DELETE FROM watchlist_import WHERE id = \(id) AND person = \(person.rawValue)
                    RETURNING id, file_name, imported_at, wanted, bookmarked, kept
                    """
                ).first
            else { return nil }
            try session.execute(
                "DELETE FROM watchlist_film WHERE person = \(person.rawValue) AND import_id = \(id)")
            return try Self.importOf(row)
        }
    }

    public func kept(of person: PersonID) throws(WatchlistsError) -> [KeptFilm] {
        try run("read") { session in
            try session.query(
                """
                SELECT id, import_id, title, original_title, year, imdb_id, origin, kept_at FROM watchlist_film
                WHERE person = \(person.rawValue) ORDER BY id
                """
            ).map { row in
                let (id, importID, title, original, year, imdb, origin, keptAt) = try row.decode(
                    (Int64, Int64, String, String?, Int64?, String?, String, Double).self)
                return KeptFilm(
                    id: id,
                    entry: WatchlistEntry(
                        title: title, originalTitle: original, year: year.map(Int.init), imdbID: imdb,
                        origin: WatchlistEntry.Origin(rawValue: origin) ?? .text),
                    keptAt: Date(timeIntervalSince1970: keptAt), importID: importID)
            }
        }
    }

    public func remove(kept ids: [Int64], of person: PersonID) throws(WatchlistsError) {
        guard !ids.isEmpty else { return }
        try run("changed") { session in
            try session.execute(
                "DELETE FROM watchlist_film WHERE person = \(person.rawValue) AND id = ANY(\(ids))")
        }
    }

    public func personsKeeping(after: PersonID?, limit: Int) throws(WatchlistsError) -> [PersonID] {
        let after = after?.rawValue ?? Int64.min
        return try run("read") { session in
            try session.query(
                """
                SELECT DISTINCT person FROM watchlist_film WHERE person > \(after) ORDER BY person LIMIT \(limit)
                """
            ).map { PersonID(rawValue: try $0.decode(Int64.self)) }
        }
    }

    public func erase(_ person: PersonID) throws(WatchlistsError) {
        try run("changed", inTransaction: true) { session in
            try session.execute("DELETE FROM watchlist_film WHERE person = \(person.rawValue)")
            try session.execute("DELETE FROM watchlist_import WHERE person = \(person.rawValue)")
        }
    }

    private static func importOf(_ row: PostgresRow) throws -> WatchlistImport {
        let (id, name, at, wanted, bookmarked, kept) = try row.decode(
            (Int64, String, Double, String, String, Int64).self)
        return WatchlistImport(
            id: id, fileName: name, importedAt: Date(timeIntervalSince1970: at), wanted: WatchlistIDs.ids(wanted),
            bookmarked: WatchlistIDs.ids(bookmarked), kept: Int(kept))
    }

    /// (A change's row count may go unread.)
    @discardableResult
    private func run<T>(
        _ verb: String, inTransaction: Bool = false, _ body: (PostgresSession) throws -> T
    ) throws(WatchlistsError) -> T {
        do {
            return try inTransaction ? pool.transaction(body) : pool.withSession(body)
        } catch {
            throw WatchlistsError("the watchlists cannot be \(verb): \(error)")
        }
    }
}
