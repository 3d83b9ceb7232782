import AppPatterns
import FinnkinoKit
import Foundation
import GRDB
import PostgresNIO
import Storage

/// Moves an install from one machine's SQLite files to PostgreSQL (`finnkino migrate --from-sqlite
/// DIR --to postgres://…`): every person with their sessions and join codes, every bookmark with
/// its undo history, every place, the video library's records, the wanted movies, the push
/// subscriptions and the server's secrets kept in files, copied in one transaction and
/// counted on both sides.
///
/// The target must hold no data yet (its tables are made first); the files are brought up to date
/// as the server would, then only read. The videos' files are not moved: they stay in the data
/// folder's `videos/`, which the instances then use as their media folder (`--media-dir DIR`).
public enum SQLiteToPostgres {
    /// What was copied: rows per table, the same on both sides.
    public struct Report: Sendable, Equatable, CustomStringConvertible {
        public var persons = 0
        public var sessions = 0
        public var joinCodes = 0
        public var bookmarks = 0
        public var histories = 0
        public var places = 0
        public var videos = 0
        public var wanted = 0
        public var pushSubscriptions = 0
        /// The server's secrets kept in files (`server-secret`, `vapid-key`).
        public var secrets = 0

        public var description: String {
            "\(persons) persons (the local one included), \(sessions) sessions, \(joinCodes) join codes, "
                + "\(bookmarks) bookmarks, \(histories) undo histories, \(places) saved places, \(videos) videos, "
                + "\(wanted) wanted movies, \(pushSubscriptions) push subscriptions, \(secrets) secrets"
        }
    }

    /// Why the copy did not happen (nothing was written).
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
        init(_ description: String) { self.description = description }
    }

    /// Copies the SQLite files of `directory` into `pool`'s database.
    public static func copy(from directory: URL, to pool: PostgresPool) throws -> Report {
        let source = try Source(directory: directory)
        try PostgresSchema.migrator.migrate(pool)
        return try pool.transaction { session in
            let existing = try session.query(
                """
                SELECT (SELECT count(*) FROM person WHERE id != 1) + (SELECT count(*) FROM bookmark)
                    + (SELECT count(*) FROM snapshot) + (SELECT count(*) FROM video)
                """
            ).first?.decode(Int.self)
            guard existing == 0 else {
                throw Failure("the database at \(pool.location) already has data: copy into an empty one")
            }
            var report = Report()
            try source.persons?.read { db in
                for row in try Row.fetchAll(db, sql: "SELECT id, createdAt, lastSeenAt FROM person") {
                    let (id, created, seen): (Int64, Double, Double) = (row[0], row[1], row[2])
                    try session.execute(
                        """
                        INSERT INTO person (id, created_at, last_seen_at) VALUES (\(id), \(created), \(seen))
                        ON CONFLICT (id) DO UPDATE SET created_at = excluded.created_at, last_seen_at = excluded.last_seen_at
                        """)
                    report.persons += 1
                }
                for row in try Row.fetchAll(
                    db, sql: "SELECT tokenHash, person, device, createdAt, lastUsedAt FROM session")
                {
                    let (hash, person, device): (Data, Int64, String) = (row[0], row[1], row[2])
                    let (created, used): (Double, Double) = (row[3], row[4])
                    try session.execute(
                        """
                        INSERT INTO session (token_hash, person, device, created_at, last_used_at)
                        VALUES (\(hash), \(person), \(device), \(created), \(used))
                        """)
                    report.sessions += 1
                }
                for row in try Row.fetchAll(db, sql: "SELECT codeHash, person, expiresAt FROM joinCode") {
                    let (hash, person, expires): (Data, Int64, Double) = (row[0], row[1], row[2])
                    try session.execute(
                        "INSERT INTO join_code (code_hash, person, expires_at) VALUES (\(hash), \(person), \(expires))")
                    report.joinCodes += 1
                }
            }
            try source.bookmarks?.read { db in
                for row in try Row.fetchAll(
                    db,
                    sql: "SELECT person, source, movieID, title, originalTitle, posterURL, addedAt FROM bookmark")
                {
                    let (person, source, movie): (Int64, String, Int64) = (row[0], row[1], row[2])
                    let (title, original, poster, added): (String, String, String?, Double) = (
                        row[3], row[4], row[5], row[6]
                    )
                    try session.execute(
                        """
                        INSERT INTO bookmark (person, source, movie_id, title, original_title, poster_url, added_at)
                        VALUES (\(person), \(source), \(movie), \(title), \(original), \(poster), \(added))
                        """)
                    report.bookmarks += 1
                }
                for row in try Row.fetchAll(db, sql: "SELECT person, json FROM commandHistory") {
                    let (person, json): (Int64, Data) = (row[0], row[1])
                    try session.execute("INSERT INTO bookmark_history (person, json) VALUES (\(person), \(json))")
                    report.histories += 1
                }
            }
            try source.places?.read { db in
                for row in try Row.fetchAll(db, sql: "SELECT key, data, savedAt FROM snapshot") {
                    let (key, data, saved): (String, Data, Double) = (row[0], row[1], row[2])
                    try session.execute(
                        "INSERT INTO snapshot (key, data, saved_at) VALUES (\(key), \(data), \(saved))")
                    report.places += 1
                }
            }
            // The videos' records, with their IDs (the files stay in the folder's videos/: serve with
            // --media-dir on it); new videos are numbered after them.
            try source.library?.read { db in
                for row in try Row.fetchAll(
                    db,
                    sql: """
                        SELECT id, person, title, createdAt, duration, width, height, bytes, edits, fileName
                        FROM video
                        """)
                {
                    let (id, person, title, created): (Int64, Int64, String, Double) = (row[0], row[1], row[2], row[3])
                    let (duration, width, height, bytes): (Double, Int32, Int32, Int64) = (
                        row[4], row[5], row[6], row[7]
                    )
                    let (edits, file): (String, String) = (row[8], row[9])
                    try session.execute(
                        """
                        INSERT INTO video (id, person, title, created_at, duration, width, height, bytes, edits, file_name)
                        VALUES (\(id), \(person), \(title), \(created), \(duration), \(width), \(height), \(bytes),
                            \(edits), \(file))
                        """)
                    report.videos += 1
                }
            }
            try source.wanted?.read { db in
                for row in try Row.fetchAll(
                    db,
                    sql: """
                        SELECT person, movieID, title, wantedAt, announcedAt, area, theatre, firstShow, salesStart,
                            showCount
                        FROM wantedMovie
                        """)
                {
                    let (person, movie, title, wantedAt): (Int64, Int64, String, Double) = (
                        row[0], row[1], row[2], row[3]
                    )
                    let (announcedAt, area, theatre): (Double?, Int64?, String?) = (row[4], row[5], row[6])
                    let (firstShow, salesStart, shows): (Double?, Double?, Int64?) = (row[7], row[8], row[9])
                    try session.execute(
                        """
                        INSERT INTO wanted_movie (person, movie_id, title, wanted_at, announced_at, area, theatre,
                            first_show, sales_start, show_count)
                        VALUES (\(person), \(movie), \(title), \(wantedAt), \(announcedAt), \(area), \(theatre),
                            \(firstShow), \(salesStart), \(shows))
                        """)
                    report.wanted += 1
                }
            }
            try source.push?.read { db in
                for row in try Row.fetchAll(
                    db, sql: "SELECT endpoint, person, device, p256dh, auth, createdAt FROM pushSubscription")
                {
                    let (endpoint, person, device): (String, Int64, Int64?) = (row[0], row[1], row[2])
                    let (key, auth, created): (String, String, Double) = (row[3], row[4], row[5])
                    try session.execute(
                        """
                        INSERT INTO push_subscription (endpoint, person, device, p256dh, auth, created_at)
                        VALUES (\(endpoint), \(person), \(device), \(key), \(auth), \(created))
                        """)
                    report.pushSubscriptions += 1
                }
            }
            // The folder's secrets become the database's: the browsers' push subscriptions were made
            // with its VAPID key, and the feeds' addresses and open pages' forms hang on its secret.
            for (file, name) in [("server-secret", "csrf"), ("vapid-key", "vapid")] {
                guard let data = try? Data(contentsOf: directory.appendingPathComponent(file)), data.count == 32 else {
                    continue
                }
                try session.execute(
                    """
                    INSERT INTO server_secret (name, value) VALUES (\(name), \(data))
                    ON CONFLICT (name) DO UPDATE SET value = excluded.value
                    """)
                report.secrets += 1
            }
            try session.execute(
                "SELECT setval(pg_get_serial_sequence('video', 'id'), coalesce(max(id), 0) + 1, false) FROM video")
            let copied = try session.query(
                """
                SELECT (SELECT count(*) FROM person), (SELECT count(*) FROM session), (SELECT count(*) FROM join_code),
                    (SELECT count(*) FROM bookmark), (SELECT count(*) FROM bookmark_history WHERE json IS NOT NULL),
                    (SELECT count(*) FROM snapshot), (SELECT count(*) FROM video), (SELECT count(*) FROM wanted_movie),
                    (SELECT count(*) FROM push_subscription)
                """
            ).first.map { row in
                let (persons, sessions, codes, bookmarks, histories, places, videos, wanted, push) = try row.decode(
                    (Int, Int, Int, Int, Int, Int, Int, Int, Int).self)
                return [persons, sessions, codes, bookmarks, histories, places, videos, wanted, push]
            }
            // The local person is in every database: counted on the target whether or not the files had it.
            let expected = [
                max(report.persons, 1), report.sessions, report.joinCodes, report.bookmarks, report.histories,
                report.places, report.videos, report.wanted, report.pushSubscriptions,
            ]
            guard let copied, copied == expected else {
                throw Failure(
                    "the counts differ after the copy (copied \(report); found \(String(describing: copied)))")
            }
            report.persons = copied[0]
            return report
        }
    }

    /// The files of a data folder, each brought up to date by opening it as the server does;
    /// nil for a file that is not there.
    private struct Source {
        var persons: DatabaseQueue?
        var bookmarks: DatabaseQueue?
        var places: DatabaseQueue?
        var library: DatabaseQueue?
        var wanted: DatabaseQueue?
        var push: DatabaseQueue?

        init(directory: URL) throws {
            func file(_ name: String) -> String? {
                let path = directory.appendingPathComponent(name).path
                return FileManager.default.fileExists(atPath: path) ? path : nil
            }
            guard FileManager.default.fileExists(atPath: directory.path) else {
                throw Failure("there is no folder \(directory.path)")
            }
            do {
                if let path = file(SQLitePersonStore.fileName) {
                    _ = try SQLitePersonStore(dataDirectory: directory)
                    persons = try DatabaseQueue(path: path)
                }
                if let path = file(SQLiteBookmarkStore.fileName) {
                    _ = try SQLiteBookmarkStores(dataDirectory: directory)
                    bookmarks = try DatabaseQueue(path: path)
                }
                if let path = file("state.sqlite") {
                    _ = try SQLiteSnapshotStorage(fileURL: URL(fileURLWithPath: path))
                    places = try DatabaseQueue(path: path)
                }
                if let path = file(SQLiteVideoLibrary.fileName) {
                    _ = try SQLiteVideoLibrary(dataDirectory: directory)
                    library = try DatabaseQueue(path: path)
                }
                if let path = file(SQLiteWantedMovies.fileName) {
                    _ = try SQLiteWantedMovies(dataDirectory: directory)
                    wanted = try DatabaseQueue(path: path)
                }
                if let path = file(SQLitePushSubscriptions.fileName) {
                    _ = try SQLitePushSubscriptions(dataDirectory: directory)
                    push = try DatabaseQueue(path: path)
                }
            } catch {
                throw Failure("the SQLite files in \(directory.path) cannot be read: \(error)")
            }
            guard persons != nil || bookmarks != nil || places != nil || library != nil else {
                throw Failure(
                    "\(directory.path) has none of \(SQLitePersonStore.fileName), "
                        + "\(SQLiteBookmarkStore.fileName) and state.sqlite")
            }
        }
    }
}
