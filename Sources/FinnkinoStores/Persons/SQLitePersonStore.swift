import AppPatterns
import FinnkinoKit
import Foundation
import GRDB
import Storage

/// The ``PersonStore`` of one server: `persons.sqlite` in the data folder (through GRDB).
///
/// A session is kept only as the SHA-256 of its token, a join code only as the SHA-256 of its
/// text.
public final class SQLitePersonStore: PersonStore, SQLiteBacked {
    public let personTables = ["person", "session", "join_code"]
    var database: any DatabaseReader { queue }

    public static let fileName = "persons.sqlite"

    private let queue: any DatabaseWriter
    /// The hot reads' connection (``DurableDatabase/pointReader(path:beside:label:)``).
    private let pointReader: any DatabaseReader
    /// Sessions used within the last ``RecentSessions/touchInterval``: another process's sign-out is honoured
    /// within the minute.
    private let recent = RecentSessions()
    /// Last uses not yet written: written together `touchDelay` (2 s) after the first.
    private let touches: SessionTouches

    /// Opens (or creates) `persons.sqlite` in the app's data directory.
    public convenience init(dataDirectory: URL, touchDelay: Duration = .seconds(2)) throws(PersonStoreError) {
        do {
            try FileManager.default.createDirectory(at: dataDirectory, withIntermediateDirectories: true)
        } catch {
            throw PersonStoreError("the persons' folder \(dataDirectory.path) cannot be made: \(error)")
        }
        try self.init(path: dataDirectory.appendingPathComponent(Self.fileName).path, touchDelay: touchDelay)
    }

    /// A store in memory, gone with the process (for tests).
    public static func inMemory() throws(PersonStoreError) -> SQLitePersonStore {
        try SQLitePersonStore(path: nil, touchDelay: .seconds(2))
    }

    private init(path: String?, touchDelay: Duration) throws(PersonStoreError) {
        touches = SessionTouches(delay: touchDelay)
        do {
            let queue = try DurableDatabase.pool(path: path, label: "PersonStore", foreignKeys: true)
            try Self.migrator.migrate(queue)
            self.queue = queue
            pointReader = try DurableDatabase.pointReader(path: path, beside: queue, label: "PersonStore")
        } catch {
            throw PersonStoreError("the persons' database \(path ?? ":memory:") cannot be opened: \(error)")
        }
    }

    private static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.execute(
                sql: """
                    CREATE TABLE person (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        createdAt REAL NOT NULL, -- seconds since 1970 UTC
                        lastSeenAt REAL NOT NULL
                    );
                    CREATE TABLE session (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        tokenHash BLOB NOT NULL UNIQUE, -- SHA-256 of the token; the token itself is never kept
                        person INTEGER NOT NULL REFERENCES person(id) ON DELETE CASCADE,
                        device TEXT NOT NULL,
                        createdAt REAL NOT NULL,
                        lastUsedAt REAL NOT NULL
                    );
                    CREATE INDEX session_person ON session(person);
                    CREATE TABLE joinCode (
                        codeHash BLOB PRIMARY KEY, -- SHA-256 of the code's text
                        person INTEGER NOT NULL REFERENCES person(id) ON DELETE CASCADE,
                        expiresAt REAL NOT NULL
                    ) WITHOUT ROWID;
                    """)
            // The local person: whoever uses this computer (its ID is 1, as PersonID.local says).
            let now = Date().timeIntervalSince1970
            try db.execute(
                sql: "INSERT INTO person (id, createdAt, lastSeenAt) VALUES (1, ?, ?)", arguments: [now, now])
        }
        // One naming scheme with PostgreSQL's tables (snake_case), so the same names mean the same
        // thing on both backends and `finnkino migrate --from-sqlite` copies by name.
        migrator.registerMigration("one naming scheme") { db in
            try db.execute(
                sql: """
                    ALTER TABLE person RENAME COLUMN createdAt TO created_at;
                    ALTER TABLE person RENAME COLUMN lastSeenAt TO last_seen_at;
                    ALTER TABLE session RENAME COLUMN tokenHash TO token_hash;
                    ALTER TABLE session RENAME COLUMN createdAt TO created_at;
                    ALTER TABLE session RENAME COLUMN lastUsedAt TO last_used_at;
                    ALTER TABLE joinCode RENAME COLUMN codeHash TO code_hash;
                    ALTER TABLE joinCode RENAME COLUMN expiresAt TO expires_at;
                    ALTER TABLE joinCode RENAME TO join_code;
                    """)
        }
        return migrator
    }

    /// A new person with one session: what a browser's first visit to a hosted server gets.
    public func newPerson(
        device: String, now: Date
    ) throws(PersonStoreError) -> (person: PersonID, token: SessionToken) {
        let token = SessionToken.random()
        let seconds = now.timeIntervalSince1970
        let id = try write { db in
            // A random ID, not the next one: should this file ever be lost or replaced while the
            // other stores keep their rows, a new person must not be given the ID (and so the
            // bookmarks and videos) of an old one. 2^63 IDs: a repeat is retried, never expected.
            var id = Int64.random(in: 2...Int64.max)
            while try Bool.fetchOne(db, sql: "SELECT 1 FROM person WHERE id = ?", arguments: [id]) == true {
                id = Int64.random(in: 2...Int64.max)
            }
            try db.execute(
                sql: "INSERT INTO person (id, created_at, last_seen_at) VALUES (?, ?, ?)",
                arguments: [id, seconds, seconds])
            try Self.insertSession(token, person: id, device: device, at: seconds, db)
            return id
        }
        return (PersonID(rawValue: id), token)
    }

    private static func insertSession(
        _ token: SessionToken, person: Int64, device: String, at seconds: Double, _ db: Database
    ) throws {
        // A random ID (a device's, in its sign-out address), not the next one: it tells nobody how
        // many sessions there are, nor which came after which. A repeat is retried, never expected.
        var id = Int64.random(in: 2...Int64.max)
        while try Bool.fetchOne(db, sql: "SELECT 1 FROM session WHERE id = ?", arguments: [id]) == true {
            id = Int64.random(in: 2...Int64.max)
        }
        try db.execute(
            sql:
                "INSERT INTO session (id, token_hash, person, device, created_at, last_used_at) VALUES (?, ?, ?, ?, ?, ?)",
            arguments: [id, token.hash, person, String(device.prefix(80)), seconds, seconds])
    }

    /// A new one-time code that joins another device to `person`: usable once, for
    /// ``JoinCode/lifetime``. Codes of anyone that have expired are deleted.
    public func newJoinCode(for person: PersonID, now: Date) throws(PersonStoreError) -> JoinCode {
        let code = JoinCode.random()
        let seconds = now.timeIntervalSince1970
        try write { db in
            try db.execute(sql: "DELETE FROM join_code WHERE expires_at < ?", arguments: [seconds])
            try db.execute(
                sql: "INSERT INTO join_code (code_hash, person, expires_at) VALUES (?, ?, ?)",
                arguments: [code.hash, person.rawValue, seconds + JoinCode.lifetime])
        }
        return code
    }

    /// Uses a join code: a new session of the code's person for the device that typed it, and the
    /// code is spent. Nil for a code that is unknown, spent or expired.
    public func join(
        _ code: JoinCode, device: String, now: Date
    ) throws(PersonStoreError) -> (person: PersonID, token: SessionToken)? {
        let seconds = now.timeIntervalSince1970
        let token = SessionToken.random()
        let person = try write { db -> Int64? in
            let row = try Row.fetchOne(
                db, sql: "SELECT person, expires_at FROM join_code WHERE code_hash = ?", arguments: [code.hash])
            try db.execute(sql: "DELETE FROM join_code WHERE code_hash = ?", arguments: [code.hash])
            guard let row, (row["expires_at"] as Double) >= seconds else { return nil }
            let person: Int64 = row["person"]
            try Self.insertSession(token, person: person, device: device, at: seconds, db)
            return person
        }
        return person.map { (PersonID(rawValue: $0), token) }
    }

    /// `person`'s devices (their sessions), the one used last first.
    public func devices(of person: PersonID) throws(PersonStoreError) -> [PersonDevice] {
        try writeTouches()
        return try read { db in
            try Row.fetchAll(
                db, sql: "SELECT * FROM session WHERE person = ? ORDER BY last_used_at DESC, id DESC",
                arguments: [person.rawValue]
            ).map { row in
                PersonDevice(
                    id: row["id"], name: row["device"], createdAt: Date(timeIntervalSince1970: row["created_at"]),
                    lastUsedAt: Date(timeIntervalSince1970: row["last_used_at"]))
            }
        }
    }

    /// The device a token is (its ID on the Devices page), when the token is a session.
    public func device(of token: SessionToken) throws(PersonStoreError) -> Int64? {
        try read { db in
            try Int64.fetchOne(db, sql: "SELECT id FROM session WHERE token_hash = ?", arguments: [token.hash])
        }
    }

    /// Signs out `person`'s device `id`; false when they have no such device.
    @discardableResult
    public func signOut(device id: Int64, of person: PersonID) throws(PersonStoreError) -> Bool {
        let hash = try write { db -> Data? in
            let hash = try Data.fetchOne(
                db, sql: "SELECT token_hash FROM session WHERE id = ? AND person = ?", arguments: [id, person.rawValue])
            try db.execute(sql: "DELETE FROM session WHERE id = ? AND person = ?", arguments: [id, person.rawValue])
            return hash
        }
        guard let hash else { return false }
        recent.forget(session: hash)
        return true
    }

    /// The person a browser's token stands for; nil for a token that is unknown, signed out or
    /// unused for longer than ``SessionToken/lifetime`` (an expired one is deleted).
    public func person(of token: SessionToken, now: Date) throws(PersonStoreError) -> PersonID? {
        let seconds = now.timeIntervalSince1970
        if let person = recent.person(of: token.hash, at: seconds) { return person }
        let mark = recent.mark()
        // Every request of a person not seen for ``RecentSessions/touchInterval``: one statement,
        // compiled once (with 100,000 persons, nearly every request).
        let found = try read(sql: "SELECT person, last_used_at FROM session WHERE token_hash = ?") { statement in
            try Row.fetchOne(statement, arguments: [token.hash])
        }
        guard let found else { return nil }
        let person: Int64 = found["person"]
        let lastUsed = max(found["last_used_at"], touches.lastUse(of: token.hash) ?? 0)
        if seconds - lastUsed > SessionToken.lifetime {
            try write { db in try db.execute(sql: "DELETE FROM session WHERE token_hash = ?", arguments: [token.hash]) }
            recent.forget(session: token.hash)
            return nil
        }
        var used = lastUsed
        if seconds - lastUsed > RecentSessions.touchInterval {
            touch(token.hash, person: person, at: seconds)
            used = seconds
        }
        recent.keep(token.hash, person: PersonID(rawValue: person), lastUsed: used, mark: mark)
        return PersonID(rawValue: person)
    }

    /// Keeps a session's last use, to be written with the others within `touchDelay`.
    private func touch(_ hash: Data, person: Int64, at seconds: Double) {
        touches.note(hash, person: person, at: seconds) { [self] in (try? writeTouches()) != nil }
    }

    /// Writes the last uses not yet written, in one transaction (also when the server stops, and
    /// before anything that reads them). When it returns, every use made before the call is
    /// written, also one a concurrent call took (the writes are serialised). Kept for the next try
    /// when the write fails.
    public func writeTouches() throws(PersonStoreError) {
        try write { db in try self.writeTouches(db) }
    }

    /// Takes the pending uses and writes them within `db`'s transaction; puts them back when the
    /// transaction fails.
    private func writeTouches(_ db: Database) throws {
        let uses = touches.take()
        guard !uses.isEmpty else { return }
        db.afterNextTransaction(onCommit: { _ in }, onRollback: { [self] _ in touches.giveBack(uses) })
        for (hash, use) in uses {
            try DurableDatabase.execute(
                db, "UPDATE session SET last_used_at = max(last_used_at, ?) WHERE token_hash = ?", [use.at, hash])
            try DurableDatabase.execute(
                db, "UPDATE person SET last_seen_at = max(last_seen_at, ?) WHERE id = ?", [use.at, use.person])
        }
    }

    /// Ends a session: its token stands for no one from now on.
    public func signOut(_ token: SessionToken) throws(PersonStoreError) {
        try write { db in try db.execute(sql: "DELETE FROM session WHERE token_hash = ?", arguments: [token.hash]) }
        recent.forget(session: token.hash)
    }

    /// Signs out every device of `person` and spends their join codes: no browser is them any more.
    public func signOutAll(of person: PersonID) throws(PersonStoreError) {
        try write { db in
            try db.execute(sql: "DELETE FROM session WHERE person = ?", arguments: [person.rawValue])
            try db.execute(sql: "DELETE FROM join_code WHERE person = ?", arguments: [person.rawValue])
        }
        recent.forget(sessionsOf: person)
    }

    /// Deletes `person` with their sessions and join codes (the local person keeps existing,
    /// their data is the CLI's: only their sessions and codes go). What else is theirs is erased
    /// by the stores that keep it.
    public func erase(_ person: PersonID) throws(PersonStoreError) {
        try signOutAll(of: person)
        guard person != .local else { return }
        let deleted = try write { db in
            try db.execute(sql: "DELETE FROM person WHERE id = ?", arguments: [person.rawValue])
            return db.changesCount
        }
        DurableDatabase.forgetDeletedRows(queue, deleted: deleted)
    }

    /// Deletes `person` (never the local one) with their sessions and codes if they have not been
    /// seen since `date`; false when they have come back meanwhile (or are not there).
    public func remove(_ person: PersonID, ifNotSeenSince date: Date) throws(PersonStoreError) -> Bool {
        guard person != .local else { return false }
        let removed = try write { db in
            try writeTouches(db)  // a use not yet written is a use: in the same transaction
            try db.execute(
                sql: "DELETE FROM person WHERE id = ? AND last_seen_at < ?",
                arguments: [person.rawValue, date.timeIntervalSince1970])
            return db.changesCount > 0
        }
        if removed { recent.forget(sessionsOf: person) }
        return removed
    }

    /// When `person` was made and last seen.
    public func dates(of person: PersonID) throws(PersonStoreError) -> (created: Date, lastSeen: Date)? {
        try writeTouches()
        return try read { db in
            try Row.fetchOne(
                db, sql: "SELECT created_at, last_seen_at FROM person WHERE id = ?", arguments: [person.rawValue]
            )
            .map { (Date(timeIntervalSince1970: $0["created_at"]), Date(timeIntervalSince1970: $0["last_seen_at"])) }
        }
    }

    /// The persons (never the local one) not seen since `date` whose ID is above `after`, in the
    /// order of their IDs, at most `limit`: page through them by passing the last one as `after`.
    public func persons(
        notSeenSince date: Date, after: PersonID, limit: Int
    ) throws(PersonStoreError) -> [PersonID] {
        try writeTouches()
        return try read { db in
            try Int64.fetchAll(
                db, sql: "SELECT id FROM person WHERE id > ? AND id != 1 AND last_seen_at < ? ORDER BY id LIMIT ?",
                arguments: [after.rawValue, date.timeIntervalSince1970, limit])
        }.map(PersonID.init(rawValue:))
    }

    /// How many persons there are (the local one included).
    public func count() throws(PersonStoreError) -> Int {
        try read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM person") ?? 0 }
    }

    public func sessionCount() throws(PersonStoreError) -> Int {
        try read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM session") ?? 0 }
    }

    private func read<T>(_ body: (Database) throws -> T) throws(PersonStoreError) -> T {
        do { return try queue.read(body) } catch { throw PersonStoreError("the persons cannot be read: \(error)") }
    }

    /// One statement read (``DurableDatabase/readOne(_:_:_:)``).
    private func read<T>(sql: String, _ fetch: (Statement) throws -> T) throws(PersonStoreError) -> T {
        do { return try DurableDatabase.readOne(pointReader, sql, fetch) } catch {
            throw PersonStoreError("the persons cannot be read: \(error)")
        }
    }

    @discardableResult
    private func write<T>(_ body: (Database) throws -> T) throws(PersonStoreError) -> T {
        do { return try queue.write(body) } catch { throw PersonStoreError("the persons cannot be changed: \(error)") }
    }
}
