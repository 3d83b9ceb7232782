import AppPatterns
import Foundation
import PostgresNIO

/// The ``PersonStore`` of several server instances over one PostgreSQL database.
///
/// As in ``SQLitePersonStore``, a session is kept only as the SHA-256 of its token and a join code
/// only as the SHA-256 of its text. Every instance reads the sessions from the database (one
/// indexed query a request), so a sign-out through one instance holds on every other at once; a
/// session's last use is written at most once a minute (``SQLitePersonStore/touchInterval``), in
/// the request that finds it older.
public final class PostgresPersonStore: PersonStore {
    private let pool: PostgresPool

    /// The store on `pool`, its tables made or brought up to date first.
    public init(pool: PostgresPool) throws(PersonStoreError) {
        self.pool = pool
        do {
            try Self.migrator.migrate(pool)
        } catch {
            throw PersonStoreError("the persons' database \(pool.location) cannot be opened: \(error)")
        }
    }

    static var migrator: PostgresMigrator {
        var migrator = PostgresMigrator()
        migrations(into: &migrator)
        return migrator
    }

    static func migrations(into migrator: inout PostgresMigrator) {
        migrator.register(
            "persons v1",
            [
                """
                CREATE TABLE person (
                    id BIGINT PRIMARY KEY,
                    created_at DOUBLE PRECISION NOT NULL, -- seconds since 1970 UTC
                    last_seen_at DOUBLE PRECISION NOT NULL
                )
                """,
                """
                CREATE TABLE session (
                    id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
                    token_hash BYTEA NOT NULL UNIQUE, -- SHA-256 of the token; the token itself is never kept
                    person BIGINT NOT NULL REFERENCES person(id) ON DELETE CASCADE,
                    device TEXT NOT NULL,
                    created_at DOUBLE PRECISION NOT NULL,
                    last_used_at DOUBLE PRECISION NOT NULL
                )
                """,
                "CREATE INDEX session_person ON session (person)",
                """
                CREATE TABLE join_code (
                    code_hash BYTEA PRIMARY KEY, -- SHA-256 of the code's text
                    person BIGINT NOT NULL REFERENCES person(id) ON DELETE CASCADE,
                    expires_at DOUBLE PRECISION NOT NULL
                )
                """,
                // The local person: whoever uses the computer the CLI runs on (ID 1, PersonID.local).
                """
                INSERT INTO person (id, created_at, last_seen_at)
                VALUES (1, extract(epoch FROM now()), extract(epoch FROM now()))
                """,
            ])
    }

    public func newPerson(device: String, now: Date) throws(PersonStoreError) -> (person: PersonID, token: SessionToken)
    {
        let token = SessionToken.random()
        let seconds = now.timeIntervalSince1970
        let id = try write { session in
            // A random ID, never the next one (see SQLitePersonStore.newPerson); a repeat is retried.
            while true {
                let id = Int64.random(in: 2...Int64.max)
                let made = try session.execute(
                    """
                    INSERT INTO person (id, created_at, last_seen_at) VALUES (\(id), \(seconds), \(seconds))
                    ON CONFLICT (id) DO NOTHING
                    """)
                guard made == 1 else { continue }
                try Self.insertSession(token, person: id, device: device, at: seconds, session)
                return id
            }
        }
        return (PersonID(rawValue: id), token)
    }

    private static func insertSession(
        _ token: SessionToken, person: Int64, device: String, at seconds: Double, _ session: PostgresSession
    ) throws {
        try session.execute(
            """
            INSERT INTO session (token_hash, person, device, created_at, last_used_at)
            VALUES (\(token.hash), \(person), \(String(device.prefix(80))), \(seconds), \(seconds))
            """)
    }

    public func newJoinCode(for person: PersonID, now: Date) throws(PersonStoreError) -> JoinCode {
        let code = JoinCode.random()
        let seconds = now.timeIntervalSince1970
        try write { session in
            try session.execute("DELETE FROM join_code WHERE expires_at < \(seconds)")
            try session.execute(
                """
                INSERT INTO join_code (code_hash, person, expires_at)
                VALUES (\(code.hash), \(person.rawValue), \(seconds + JoinCode.lifetime))
                """)
        }
        return code
    }

    public func join(
        _ code: JoinCode, device: String, now: Date
    ) throws(PersonStoreError) -> (person: PersonID, token: SessionToken)? {
        let seconds = now.timeIntervalSince1970
        let token = SessionToken.random()
        let person = try write { session -> Int64? in
            // Deleting the code and reading it are one statement: of two devices typing it at once,
            // one gets the row.
            let spent = try session.query(
                "DELETE FROM join_code WHERE code_hash = \(code.hash) RETURNING person, expires_at")
            guard let (person, expiresAt) = try spent.first?.decode((Int64, Double).self), expiresAt >= seconds else {
                return nil
            }
            try Self.insertSession(token, person: person, device: device, at: seconds, session)
            return person
        }
        return person.map { (PersonID(rawValue: $0), token) }
    }

    public func devices(of person: PersonID) throws(PersonStoreError) -> [PersonDevice] {
        try read { session in
            try session.query(
                """
                SELECT id, device, created_at, last_used_at FROM session WHERE person = \(person.rawValue)
                ORDER BY last_used_at DESC, id DESC
                """
            ).map { row in
                let (id, name, created, used) = try row.decode((Int64, String, Double, Double).self)
                return PersonDevice(
                    id: id, name: name, createdAt: Date(timeIntervalSince1970: created),
                    lastUsedAt: Date(timeIntervalSince1970: used))
            }
        }
    }

    public func device(of token: SessionToken) throws(PersonStoreError) -> Int64? {
        try read { session in
            try session.query("SELECT id FROM session WHERE token_hash = \(token.hash)").first?.decode(Int64.self)
        }
    }

    @discardableResult
    public func signOut(device id: Int64, of person: PersonID) throws(PersonStoreError) -> Bool {
        try write { session in
            try session.execute("DELETE FROM session WHERE id = \(id) AND person = \(person.rawValue)") > 0
        }
    }

    public func person(of token: SessionToken, now: Date) throws(PersonStoreError) -> PersonID? {
        let seconds = now.timeIntervalSince1970
        let found = try read { session in
            try session.query("SELECT person, last_used_at FROM session WHERE token_hash = \(token.hash)").first?
                .decode((Int64, Double).self)
        }
        guard let (person, lastUsed) = found else { return nil }
        if seconds - lastUsed > SessionToken.lifetime {
            try write { session in try session.execute("DELETE FROM session WHERE token_hash = \(token.hash)") }
            return nil
        }
        if seconds - lastUsed > SQLitePersonStore.touchInterval {
            try write { session in
                try session.execute(
                    """
                    UPDATE session SET last_used_at = greatest(last_used_at, \(seconds))
                    WHERE token_hash = \(token.hash)
                    """)
                try session.execute(
                    "UPDATE person SET last_seen_at = greatest(last_seen_at, \(seconds)) WHERE id = \(person)")
            }
        }
        return PersonID(rawValue: person)
    }

    /// Nothing to write: every use is written by the request that makes it.
    public func writeTouches() throws(PersonStoreError) {}

    public func signOut(_ token: SessionToken) throws(PersonStoreError) {
        try write { session in try session.execute("DELETE FROM session WHERE token_hash = \(token.hash)") }
    }

    public func signOutAll(of person: PersonID) throws(PersonStoreError) {
        try write { session in
            try session.execute("DELETE FROM session WHERE person = \(person.rawValue)")
            try session.execute("DELETE FROM join_code WHERE person = \(person.rawValue)")
        }
    }

    public func erase(_ person: PersonID) throws(PersonStoreError) {
        try signOutAll(of: person)
        guard person != .local else { return }
        try write { session in try session.execute("DELETE FROM person WHERE id = \(person.rawValue)") }
    }

    public func remove(_ person: PersonID, ifNotSeenSince date: Date) throws(PersonStoreError) -> Bool {
        guard person != .local else { return false }
        return try write { session in
            try session.execute(
                "DELETE FROM person WHERE id = \(person.rawValue) AND last_seen_at < \(date.timeIntervalSince1970)") > 0
        }
    }

    public func dates(of person: PersonID) throws(PersonStoreError) -> (created: Date, lastSeen: Date)? {
        try read { session in
            try session.query("SELECT created_at, last_seen_at FROM person WHERE id = \(person.rawValue)").first
                .map { row in
                    let (created, seen) = try row.decode((Double, Double).self)
                    return (Date(timeIntervalSince1970: created), Date(timeIntervalSince1970: seen))
                }
        }
    }

    public func persons(notSeenSince date: Date, after: PersonID, limit: Int) throws(PersonStoreError) -> [PersonID] {
        try read { session in
            try session.query(
                """
                SELECT id FROM person WHERE id > \(after.rawValue) AND id != 1
                    AND last_seen_at < \(date.timeIntervalSince1970) ORDER BY id LIMIT \(limit)
                """
            ).map { PersonID(rawValue: try $0.decode(Int64.self)) }
        }
    }

    public func count() throws(PersonStoreError) -> Int {
        try read { session in try session.query("SELECT count(*) FROM person").first?.decode(Int.self) ?? 0 }
    }

    private func read<T>(_ body: (PostgresSession) throws -> T) throws(PersonStoreError) -> T {
        do { return try pool.withSession(body) } catch {
            throw PersonStoreError("the persons cannot be read: \(error)")
        }
    }

    @discardableResult
    private func write<T>(_ body: (PostgresSession) throws -> T) throws(PersonStoreError) -> T {
        do {
            return try pool.transaction(body)
        } catch {
            throw PersonStoreError("the persons cannot be changed: \(error)")
        }
    }
}
