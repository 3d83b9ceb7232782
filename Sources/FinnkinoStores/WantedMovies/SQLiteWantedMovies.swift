import AppPatterns
import FinnkinoKit
import Foundation
import GRDB
import Storage

/// The ``WantedMovies`` of one machine, in `wanted.sqlite` of the data directory (through GRDB).
public final class SQLiteWantedMovies: WantedMovies, SQLiteBacked {
    public let personTables = ["wanted_movie", "feed_generation", "weekly_digest"]
    var database: any DatabaseReader { queue }

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
        // One naming scheme with PostgreSQL's tables (snake_case), so the same names mean the same
        // thing on both backends and `finnkino migrate --from-sqlite` copies by name.
        migrator.registerMigration("one naming scheme") { db in
            try db.execute(
                sql: """
                    ALTER TABLE wantedMovie RENAME COLUMN movieID TO movie_id;
                    ALTER TABLE wantedMovie RENAME COLUMN wantedAt TO wanted_at;
                    ALTER TABLE wantedMovie RENAME COLUMN announcedAt TO announced_at;
                    ALTER TABLE wantedMovie RENAME COLUMN firstShow TO first_show;
                    ALTER TABLE wantedMovie RENAME COLUMN salesStart TO sales_start;
                    ALTER TABLE wantedMovie RENAME COLUMN showCount TO show_count;
                    ALTER TABLE wantedMovie RENAME TO wanted_movie;
                    ALTER TABLE feedGeneration RENAME TO feed_generation;
                    """)
        }
        migrator.registerMigration("weekly digests") { db in
            try db.execute(
                sql: """
                    CREATE TABLE weekly_digest (
                        person INTEGER PRIMARY KEY,
                        weekday INTEGER NOT NULL, -- 1 = Monday ... 7 = Sunday
                        hour INTEGER NOT NULL, -- Helsinki time
                        push INTEGER NOT NULL,
                        feed INTEGER NOT NULL,
                        next_slot REAL NOT NULL, -- seconds since 1970 UTC
                        -- The last digest sent: its slot and words.
                        last_slot REAL,
                        last_title TEXT,
                        last_text TEXT
                    );
                    CREATE INDEX weekly_digest_due ON weekly_digest(next_slot, person);
                    """)
        }
        return migrator
    }

    public func want(_ movieID: Int, title: String, by person: PersonID, now: Date) throws(WantedMoviesError) -> Bool {
        try write { db in
            let others =
                try Int.fetchOne(
                    db, sql: "SELECT COUNT(*) FROM wanted_movie WHERE person = ? AND movie_id != ?",
                    arguments: [person.rawValue, movieID]) ?? 0
            guard others < WantedMovieLimits.perPerson else { return false }
            try db.execute(
                sql: """
                    INSERT INTO wanted_movie (person, movie_id, title, wanted_at) VALUES (?, ?, ?, ?)
                    ON CONFLICT (person, movie_id) DO UPDATE SET
                        title = excluded.title, wanted_at = excluded.wanted_at, announced_at = NULL, area = NULL,
                        theatre = NULL, first_show = NULL, sales_start = NULL, show_count = NULL
                    """,
                arguments: [person.rawValue, movieID, title, now.timeIntervalSince1970])
            return true
        }
    }

    public func unwant(_ movieID: Int, by person: PersonID) throws(WantedMoviesError) {
        try write { db in
            try db.execute(
                sql: "DELETE FROM wanted_movie WHERE person = ? AND movie_id = ?",
                arguments: [person.rawValue, movieID])
        }
    }

    public func wanted(by person: PersonID) throws(WantedMoviesError) -> [WantedMovie] {
        do {
            return try DurableDatabase.readOne(
                queue, "SELECT * FROM wanted_movie WHERE person = ? ORDER BY wanted_at DESC, movie_id"
            ) { try Row.fetchAll($0, arguments: [person.rawValue]).map(Self.movie) }
        } catch {
            throw WantedMoviesError("the wanted movies cannot be read: \(error)")
        }
    }

    public func wanted(_ movieID: Int, by person: PersonID) throws(WantedMoviesError) -> WantedMovie? {
        do {
            return try DurableDatabase.readOne(queue, "SELECT * FROM wanted_movie WHERE person = ? AND movie_id = ?") {
                try Row.fetchOne($0, arguments: [person.rawValue, movieID]).map(Self.movie)
            }
        } catch {
            throw WantedMoviesError("the wanted movies cannot be read: \(error)")
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
                    SELECT * FROM wanted_movie WHERE announced_at IS NULL AND (person, movie_id) > (?, ?)
                    ORDER BY person, movie_id LIMIT ?
                    """,
                arguments: [person, movie, limit]
            ).map(Self.movie)
        }
    }

    public func markAnnounced(_ announcement: Announcement, at date: Date) throws(WantedMoviesError) -> Bool {
        try write { db in
            try db.execute(
                sql: """
                    UPDATE wanted_movie SET announced_at = ?, area = ?, theatre = ?, first_show = ?, sales_start = ?,
                        show_count = ?
                    WHERE person = ? AND movie_id = ? AND announced_at IS NULL
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
                        SELECT DISTINCT person FROM wanted_movie
                        WHERE person IN (\(databaseQuestionMarks(count: persons.count)))
                        """,
                    arguments: StatementArguments(persons.map(\.rawValue)))
            }.map(PersonID.init(rawValue:)))
    }

    public func feedGeneration(of person: PersonID) throws(WantedMoviesError) -> Int {
        try read { db in
            try Int.fetchOne(
                db, sql: "SELECT generation FROM feed_generation WHERE person = ?", arguments: [person.rawValue]) ?? 0
        }
    }

    public func renewFeeds(of person: PersonID) throws(WantedMoviesError) -> Int {
        try write { db in
            try db.execute(
                sql: """
                    INSERT INTO feed_generation (person, generation) VALUES (?, 1)
                    ON CONFLICT (person) DO UPDATE SET generation = generation + 1
                    """,
                arguments: [person.rawValue])
            return try Int.fetchOne(
                db, sql: "SELECT generation FROM feed_generation WHERE person = ?", arguments: [person.rawValue]) ?? 0
        }
    }

    public func digest(of person: PersonID) throws(WantedMoviesError) -> WeeklyDigest? {
        try read { db in
            try Row.fetchOne(db, sql: "SELECT * FROM weekly_digest WHERE person = ?", arguments: [person.rawValue])
                .flatMap(Self.digest)
        }
    }

    public func setDigest(
        _ settings: WeeklyDigest.Settings?, of person: PersonID, now: Date
    ) throws(WantedMoviesError) {
        try write { db in
            guard let settings else {
                try db.execute(sql: "DELETE FROM weekly_digest WHERE person = ?", arguments: [person.rawValue])
                return
            }
            try db.execute(
                sql: """
                    INSERT INTO weekly_digest (person, weekday, hour, push, feed, next_slot) VALUES (?, ?, ?, ?, ?, ?)
                    ON CONFLICT (person) DO UPDATE SET weekday = excluded.weekday, hour = excluded.hour,
                        push = excluded.push, feed = excluded.feed, next_slot = excluded.next_slot
                    """,
                arguments: [
                    person.rawValue, settings.weekday, settings.hour, settings.push, settings.feed,
                    settings.slot(after: now).timeIntervalSince1970,
                ])
        }
    }

    public func digestsDue(at now: Date, after: PersonID?, limit: Int) throws(WantedMoviesError) -> [WeeklyDigest] {
        try read { db in
            try Row.fetchAll(
                db,
                sql: "SELECT * FROM weekly_digest WHERE next_slot <= ? AND person > ? ORDER BY person LIMIT ?",
                arguments: [now.timeIntervalSince1970, after?.rawValue ?? Int64.min, limit]
            ).compactMap(Self.digest)
        }
    }

    public func markDigestSent(
        _ sent: WeeklyDigest.Sent, of person: PersonID, next: Date
    ) throws(WantedMoviesError) -> Bool {
        try write { db in
            try db.execute(
                sql: """
                    UPDATE weekly_digest SET next_slot = ?, last_slot = ?, last_title = ?, last_text = ?
                    WHERE person = ? AND next_slot = ?
                    """,
                arguments: [
                    next.timeIntervalSince1970, sent.slot.timeIntervalSince1970, sent.title, sent.text,
                    person.rawValue, sent.slot.timeIntervalSince1970,
                ])
            return db.changesCount == 1
        }
    }

    /// A row of `weekly_digest`; nil for settings no digest has (none is written).
    private static func digest(_ row: Row) -> WeeklyDigest? {
        guard
            let settings = WeeklyDigest.Settings(
                weekday: row["weekday"], hour: row["hour"], push: row["push"], feed: row["feed"])
        else { return nil }
        var last: WeeklyDigest.Sent?
        if let slot: Double = row["last_slot"], let title: String = row["last_title"],
            let text: String = row["last_text"]
        {
            last = WeeklyDigest.Sent(slot: Date(timeIntervalSince1970: slot), title: title, text: text)
        }
        return WeeklyDigest(
            person: PersonID(rawValue: row["person"]), settings: settings,
            nextSlot: Date(timeIntervalSince1970: row["next_slot"]), last: last)
    }

    public func erase(_ person: PersonID) throws(WantedMoviesError) {
        let deleted = try write { db in
            let before = db.totalChangesCount
            try db.execute(sql: "DELETE FROM wanted_movie WHERE person = ?", arguments: [person.rawValue])
            try db.execute(sql: "DELETE FROM weekly_digest WHERE person = ?", arguments: [person.rawValue])
            // (An erased person's addresses are nobody's: the feeds answer only for a person who exists.)
            try db.execute(sql: "DELETE FROM feed_generation WHERE person = ?", arguments: [person.rawValue])
            return db.totalChangesCount - before
        }
        DurableDatabase.forgetDeletedRows(queue, deleted: deleted)
    }

    private static func movie(_ row: Row) -> WantedMovie {
        let person = PersonID(rawValue: row["person"])
        let movieID: Int = row["movie_id"]
        let title: String = row["title"]
        var announcement: Announcement?
        if let area: Int = row["area"], let theatre: String = row["theatre"], let firstShow: Double = row["first_show"]
        {
            announcement = Announcement(
                person: person, movieID: movieID, title: title, area: area, theatre: theatre,
                firstShow: Date(timeIntervalSince1970: firstShow),
                salesStart: (row["sales_start"] as Double?).map(Date.init(timeIntervalSince1970:)),
                showCount: row["show_count"] ?? 1)
        }
        return WantedMovie(
            person: person, movieID: movieID, title: title, wantedAt: Date(timeIntervalSince1970: row["wanted_at"]),
            announcedAt: (row["announced_at"] as Double?).map(Date.init(timeIntervalSince1970:)),
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
