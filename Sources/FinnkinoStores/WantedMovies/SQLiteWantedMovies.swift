import AppPatterns
import FinnkinoKit
import Foundation
import GRDB
import Storage

/// The ``WantedMovies`` of one machine, in `wanted.sqlite` of the data directory (through GRDB).
public final class SQLiteWantedMovies: WantedMovies {
    public let personTables = ["wantedMovie", "feedGeneration"]

    public static let fileName = "wanted.sqlite"
    private let queue: DatabaseQueue

    /// Opens (or creates) the wanted movies in `dataDirectory`.
    public init(dataDirectory: URL) throws(WantedMoviesError) {
        do {
            queue = try DurableDatabase.queue(
                file: Self.fileName, in: dataDirectory, label: "WantedMovies", migrator: Self.migrator)
        } catch {
            let path = dataDirectory.appendingPathComponent(Self.fileName).path
            throw WantedMoviesError("the wanted movies \(path) cannot be opened: \(error)")
        }
    }

    /// Wanted movies kept in memory only (the tests' default).
    public init() {
        // An in-memory database always opens, and the migration is this file's own SQL.
        queue = try! DurableDatabase.queue(file: Self.fileName, in: nil, label: "WantedMovies", migrator: Self.migrator)
    }

    private static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.execute(
                sql: """
                    CREATE TABLE wantedMovie (
                        person INTEGER NOT NULL,
                        movieID INTEGER NOT NULL,
                        title TEXT NOT NULL,
                        wantedAt REAL NOT NULL, -- seconds since 1970 UTC
                        announcedAt REAL,
                        -- What was announced: the first show's area, theatre and start, and when sales open.
                        area INTEGER,
                        theatre TEXT,
                        firstShow REAL,
                        salesStart REAL,
                        showCount INTEGER,
                        PRIMARY KEY (person, movieID)
                    ) WITHOUT ROWID;
                    CREATE INDEX wantedMovie_waiting ON wantedMovie(person, movieID) WHERE announcedAt IS NULL;
                    """)
        }
        migrator.registerMigration("feed generations") { db in
            try db.execute(
                sql: "CREATE TABLE feedGeneration (person INTEGER PRIMARY KEY, generation INTEGER NOT NULL)")
        }
        return migrator
    }

    public func want(_ movieID: Int, title: String, by person: PersonID, now: Date) throws(WantedMoviesError) -> Bool {
        try write { db in
            let others =
                try Int.fetchOne(
                    db, sql: "SELECT COUNT(*) FROM wantedMovie WHERE person = ? AND movieID != ?",
                    arguments: [person.rawValue, movieID]) ?? 0
            guard others < WantedMovieLimits.perPerson else { return false }
            try db.execute(
                sql: """
                    INSERT INTO wantedMovie (person, movieID, title, wantedAt) VALUES (?, ?, ?, ?)
                    ON CONFLICT (person, movieID) DO UPDATE SET
                        title = excluded.title, wantedAt = excluded.wantedAt, announcedAt = NULL, area = NULL,
                        theatre = NULL, firstShow = NULL, salesStart = NULL, showCount = NULL
                    """,
                arguments: [person.rawValue, movieID, title, now.timeIntervalSince1970])
            return true
        }
    }

    public func unwant(_ movieID: Int, by person: PersonID) throws(WantedMoviesError) {
        try write { db in
            try db.execute(
                sql: "DELETE FROM wantedMovie WHERE person = ? AND movieID = ?", arguments: [person.rawValue, movieID])
        }
    }

    public func wanted(by person: PersonID) throws(WantedMoviesError) -> [WantedMovie] {
        try read { db in
            try Row.fetchAll(
                db, sql: "SELECT * FROM wantedMovie WHERE person = ? ORDER BY wantedAt DESC, movieID",
                arguments: [person.rawValue]
            ).map(Self.movie)
        }
    }

    public func waiting(
        after: (person: PersonID, movieID: Int)?, limit: Int
    ) throws(WantedMoviesError) -> [WantedMovie] {
        let (person, movie) = (after?.person.rawValue ?? Int64.min, after?.movieID ?? Int.min)
        return try read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT * FROM wantedMovie WHERE announcedAt IS NULL AND (person, movieID) > (?, ?)
                    ORDER BY person, movieID LIMIT ?
                    """,
                arguments: [person, movie, limit]
            ).map(Self.movie)
        }
    }

    public func markAnnounced(_ announcement: Announcement, at date: Date) throws(WantedMoviesError) -> Bool {
        try write { db in
            try db.execute(
                sql: """
                    UPDATE wantedMovie SET announcedAt = ?, area = ?, theatre = ?, firstShow = ?, salesStart = ?,
                        showCount = ?
                    WHERE person = ? AND movieID = ? AND announcedAt IS NULL
                    """,
                arguments: [
                    date.timeIntervalSince1970, announcement.area, announcement.theatre,
                    announcement.firstShow.timeIntervalSince1970, announcement.salesStart?.timeIntervalSince1970,
                    announcement.showCount, announcement.person.rawValue, announcement.movieID,
                ])
            return db.changesCount == 1
        }
    }

    public func personsWanting(among persons: [PersonID]) throws(WantedMoviesError) -> Set<PersonID> {
        guard !persons.isEmpty else { return [] }
        return Set(
            try read { db in
                try Int64.fetchAll(
                    db,
                    sql: """
                        SELECT DISTINCT person FROM wantedMovie
                        WHERE person IN (\(databaseQuestionMarks(count: persons.count)))
                        """,
                    arguments: StatementArguments(persons.map(\.rawValue)))
            }.map(PersonID.init(rawValue:)))
    }

    public func feedGeneration(of person: PersonID) throws(WantedMoviesError) -> Int {
        try read { db in
            try Int.fetchOne(
                db, sql: "SELECT generation FROM feedGeneration WHERE person = ?", arguments: [person.rawValue]) ?? 0
        }
    }

    public func renewFeeds(of person: PersonID) throws(WantedMoviesError) -> Int {
        try write { db in
            try db.execute(
                sql: """
                    INSERT INTO feedGeneration (person, generation) VALUES (?, 1)
                    ON CONFLICT (person) DO UPDATE SET generation = generation + 1
                    """,
                arguments: [person.rawValue])
            return try Int.fetchOne(
                db, sql: "SELECT generation FROM feedGeneration WHERE person = ?", arguments: [person.rawValue]) ?? 0
        }
    }

    public func erase(_ person: PersonID) throws(WantedMoviesError) {
        let deleted = try write { db in
            let before = db.totalChangesCount
            try db.execute(sql: "DELETE FROM wantedMovie WHERE person = ?", arguments: [person.rawValue])
            // (An erased person's addresses are nobody's: the feeds answer only for a person who exists.)
            try db.execute(sql: "DELETE FROM feedGeneration WHERE person = ?", arguments: [person.rawValue])
            return db.totalChangesCount - before
        }
        DurableDatabase.forgetDeletedRows(queue, deleted: deleted)
    }

    private static func movie(_ row: Row) -> WantedMovie {
        let person = PersonID(rawValue: row["person"])
        let movieID: Int = row["movieID"]
        let title: String = row["title"]
        var announcement: Announcement?
        if let area: Int = row["area"], let theatre: String = row["theatre"], let firstShow: Double = row["firstShow"] {
            announcement = Announcement(
                person: person, movieID: movieID, title: title, area: area, theatre: theatre,
                firstShow: Date(timeIntervalSince1970: firstShow),
                salesStart: (row["salesStart"] as Double?).map(Date.init(timeIntervalSince1970:)),
                showCount: row["showCount"] ?? 1)
        }
        return WantedMovie(
            person: person, movieID: movieID, title: title, wantedAt: Date(timeIntervalSince1970: row["wantedAt"]),
            announcedAt: (row["announcedAt"] as Double?).map(Date.init(timeIntervalSince1970:)),
            announcement: announcement)
    }

    private func read<T>(_ body: (Database) throws -> T) throws(WantedMoviesError) -> T {
        do { return try queue.read(body) } catch {
            throw WantedMoviesError("the wanted movies cannot be read: \(error)")
        }
    }

    private func write<T>(_ body: (Database) throws -> T) throws(WantedMoviesError) -> T {
        do { return try queue.write(body) } catch {
            throw WantedMoviesError("the wanted movies cannot be changed: \(error)")
        }
    }
}
