import AppPatterns
import FinnkinoKit
import Foundation
import GRDB
import Storage

/// The ``Watchlists`` of one machine, in `watchlists.sqlite` of the data directory (through GRDB).
public final class SQLiteWatchlists: Watchlists, SQLiteBacked {
    public let personTables = ["watchlist_import", "watchlist_film"]
    var database: any DatabaseReader { queue }

    public static let fileName = "watchlists.sqlite"
    private let queue: DatabaseQueue

    /// Opens (or creates) the watchlists in `dataDirectory`.
    public init(dataDirectory: URL) throws(WatchlistsError) {
        do {
            queue = try DurableDatabase.queue(
                file: Self.fileName, in: dataDirectory, label: "Watchlists", migrator: Self.migrator)
        } catch {
            let path = dataDirectory.appendingPathComponent(Self.fileName).path
            throw WatchlistsError("the watchlists \(path) cannot be opened: \(error)")
        }
    }

    /// Watchlists kept in memory only (the tests' default).
    public init() {
        // An in-memory database always opens, and the migration is this file's own SQL.
        queue = try! DurableDatabase.queue(file: Self.fileName, in: nil, label: "Watchlists", migrator: Self.migrator)
    }

    private static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.execute(
                sql: """
                    CREATE TABLE watchlist_import (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        person INTEGER NOT NULL,
                        file_name TEXT NOT NULL,
                        imported_at REAL NOT NULL, -- seconds since 1970 UTC
                        wanted TEXT NOT NULL, -- Finnkino movie IDs it made wanted, comma-separated
                        bookmarked TEXT NOT NULL, -- and bookmarked
                        kept INTEGER NOT NULL
                    );
                    CREATE INDEX watchlist_import_person ON watchlist_import(person, id);
                    CREATE TABLE watchlist_film (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        person INTEGER NOT NULL,
                        import_id INTEGER NOT NULL,
                        identity TEXT NOT NULL, -- the IMDb ID, or the title's key and the year
                        title TEXT NOT NULL,
                        original_title TEXT,
                        year INTEGER,
                        imdb_id TEXT,
                        origin TEXT NOT NULL,
                        kept_at REAL NOT NULL,
                        UNIQUE (person, identity)
                    );
                    CREATE INDEX watchlist_film_import ON watchlist_film(person, import_id);
                    """)
        }
        return migrator
    }

    public func record(
        fileName: String, kept: [WatchlistEntry], wanted: [Int], bookmarked: [Int], for person: PersonID, now: Date
    ) throws(WatchlistsError) -> WatchlistImport {
        let name = String(fileName.prefix(200))
        return try write { db in
            try db.execute(
                sql: """
                    INSERT INTO watchlist_import (person, file_name, imported_at, wanted, bookmarked, kept)
                    VALUES (?, ?, ?, ?, ?, 0)
                    """,
                arguments: [
                    person.rawValue, name, now.timeIntervalSince1970, WatchlistIDs.text(wanted),
                    WatchlistIDs.text(bookmarked),
                ])
            let id = db.lastInsertedRowID
            var count = 0
            for entry in kept {
                try db.execute(
                    sql: """
                        INSERT INTO watchlist_film
                            (person, import_id, identity, title, original_title, year, imdb_id, origin, kept_at)
                        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (person, identity) DO NOTHING
                        """,
                    arguments: [
                        person.rawValue, id, entry.identity, entry.title, entry.originalTitle, entry.year,
                        entry.imdbID, entry.origin.rawValue, now.timeIntervalSince1970,
                    ])
                count += db.changesCount
            }
            try db.execute(sql: "UPDATE watchlist_import SET kept = ? WHERE id = ?", arguments: [count, id])
            try db.execute(
                sql: """
                    DELETE FROM watchlist_film WHERE person = ? AND id NOT IN (
                        SELECT id FROM watchlist_film WHERE person = ? ORDER BY id DESC LIMIT ?)
                    """,
                arguments: [person.rawValue, person.rawValue, WatchlistLimits.keptPerPerson])
            try db.execute(
                sql: """
                    DELETE FROM watchlist_import WHERE person = ? AND id NOT IN (
                        SELECT id FROM watchlist_import WHERE person = ? ORDER BY id DESC LIMIT ?)
                    """,
                arguments: [person.rawValue, person.rawValue, WatchlistLimits.importsPerPerson])
            return WatchlistImport(
                id: id, fileName: name, importedAt: now, wanted: wanted, bookmarked: bookmarked, kept: count)
        }
    }

    public func imports(of person: PersonID) throws(WatchlistsError) -> [WatchlistImport] {
        try read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT id, file_name, imported_at, wanted, bookmarked, kept FROM watchlist_import
                    WHERE person = ? ORDER BY id DESC
                    """,
                arguments: [person.rawValue]
            ).map(Self.importOf)
        }
    }

    public func forget(import id: Int64, of person: PersonID) throws(WatchlistsError) -> WatchlistImport? {
        try write { db in
            guard
                let row = try Row.fetchOne(
                    db,
                    sql: """
                        SELECT id, file_name, imported_at, wanted, bookmarked, kept FROM watchlist_import
                        WHERE id = ? AND person = ?
                        """,
                    arguments: [id, person.rawValue])
            else { return nil }
            try db.execute(
                sql: "DELETE FROM watchlist_film WHERE person = ? AND import_id = ?", arguments: [person.rawValue, id])
            try db.execute(sql: "DELETE FROM watchlist_import WHERE id = ?", arguments: [id])
            return Self.importOf(row)
        }
    }

    public func kept(of person: PersonID) throws(WatchlistsError) -> [KeptFilm] {
        try read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT id, import_id, title, original_title, year, imdb_id, origin, kept_at FROM watchlist_film
                    WHERE person = ? ORDER BY id
                    """,
                arguments: [person.rawValue]
            ).map { row in
                KeptFilm(
                    id: row["id"],
                    entry: WatchlistEntry(
                        title: row["title"], originalTitle: row["original_title"], year: row["year"],
                        imdbID: row["imdb_id"],
                        origin: WatchlistEntry.Origin(rawValue: row["origin"]) ?? .text),
                    keptAt: Date(timeIntervalSince1970: row["kept_at"]), importID: row["import_id"])
            }
        }
    }

    public func remove(kept ids: [Int64], of person: PersonID) throws(WatchlistsError) {
        guard !ids.isEmpty else { return }
        try write { db in
            for id in ids {
                try db.execute(
                    sql: "DELETE FROM watchlist_film WHERE id = ? AND person = ?", arguments: [id, person.rawValue])
            }
        }
    }

    public func personsKeeping(after: PersonID?, limit: Int) throws(WatchlistsError) -> [PersonID] {
        try read { db in
            try Int64.fetchAll(
                db,
                sql: "SELECT DISTINCT person FROM watchlist_film WHERE person > ? ORDER BY person LIMIT ?",
                arguments: [after?.rawValue ?? Int64.min, limit]
            ).map(PersonID.init(rawValue:))
        }
    }

    public func erase(_ person: PersonID) throws(WatchlistsError) {
        let deleted = try write { db in
            try db.execute(sql: "DELETE FROM watchlist_film WHERE person = ?", arguments: [person.rawValue])
            var count = db.changesCount
            try db.execute(sql: "DELETE FROM watchlist_import WHERE person = ?", arguments: [person.rawValue])
            count += db.changesCount
            return count
        }
        DurableDatabase.forgetDeletedRows(queue, deleted: deleted)
    }

    private static func importOf(_ row: Row) -> WatchlistImport {
        WatchlistImport(
            id: row["id"], fileName: row["file_name"], importedAt: Date(timeIntervalSince1970: row["imported_at"]),
            wanted: WatchlistIDs.ids(row["wanted"]), bookmarked: WatchlistIDs.ids(row["bookmarked"]), kept: row["kept"])
    }

    private func read<T>(_ body: (Database) throws -> T) throws(WatchlistsError) -> T {
        do { return try queue.read(body) } catch {
            throw WatchlistsError("the watchlists cannot be read: \(error)")
        }
    }

    @discardableResult
    private func write<T>(_ body: (Database) throws -> T) throws(WatchlistsError) -> T {
        do { return try queue.write(body) } catch {
            throw WatchlistsError("the watchlists cannot be changed: \(error)")
        }
    }
}

/// Movie IDs as both backends keep them in one column: `305001,305002`.
enum WatchlistIDs {
    static func text(_ ids: [Int]) -> String { ids.map(String.init).joined(separator: ",") }
    static func ids(_ text: String) -> [Int] { text.split(separator: ",").compactMap { Int($0) } }
}
