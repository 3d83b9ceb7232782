import AppPatterns
import FinnkinoKit
import Foundation
import PostgresNIO
import Storage

/// The ``PersonStore`` of several server instances over one PostgreSQL database.
///
/// As in ``SQLitePersonStore``, a session is kept only as the SHA-256 of its token and a join code
/// only as the SHA-256 of its text, and a session found in the last minute is found again without
/// a query (``RecentSessions``).
///
/// Every sign-out and erasure notifies the channel `sessions` in its transaction; every instance
/// listens and forgets what it names, so a sign-out through one instance holds on every other as
/// soon as its commit is heard (a round trip). While an instance is not listening (its connection
/// lost, until it is made again) it remembers no session and reads each from the database.
///
/// A session's last use is written at most once a minute (``RecentSessions/touchInterval``),
/// not by the request that finds it older but with the other uses within `touchDelay` (2 s), in
/// one statement (``SessionTouches``): a commit waits for PostgreSQL's WAL to reach the disk, and
/// 10,000 persons' first views in a minute were as many commits in the requests.
public final class PostgresPersonStore: PersonStore {
    public let personTables = ["person", "session", "join_code"]

    static let channel = "sessions"

    private let pool: PostgresPool
    /// Last uses not yet written.
    private let touches: SessionTouches
    /// Sessions found in the last minute, forgotten when any instance signs them out.
    private let recent = RecentSessions()
    /// Hears the sign-outs and erasures of every instance.
    let listener: PostgresListener

    /// The store on `pool`, its tables made or brought up to date first.
    public init(pool: PostgresPool, touchDelay: Duration = .seconds(2)) throws(PersonStoreError) {
        self.pool = pool
        touches = SessionTouches(delay: touchDelay)
        do {
            try Self.migrator.migrate(pool)
        } catch {
            throw PersonStoreError("the persons' database \(pool.location) cannot be opened: \(error)")
        }
        do {
            listener = try PostgresListener(
                channel: Self.channel, pool: pool,
                reconnected: { [recent] in recent.forgetAll() },
                handler: { [recent] payload in Self.heard(payload, recent: recent) })
        } catch {
            throw PersonStoreError("the persons' database \(pool.location) cannot be listened to: \(error)")
        }
    }

    /// Whether a sign-out through another instance would be heard now (while not, no session is
    /// remembered).
    var isListening: Bool { listener.isListening }

    /// Tells every instance (this one too) to forget the sessions `payload` names, when the
    /// transaction of `session` commits: `s` and a token hash in Base64, or `p` and a person's ID.
    private static func notify(_ payload: String, in session: PostgresSession) throws {
        try session.execute("SELECT pg_notify(\(channel), \(payload))")
    }

    private static func heard(_ payload: String, recent: RecentSessions) {
        switch payload.first {
        case "s": Data(base64Encoded: String(payload.dropFirst())).map { recent.forget(session: $0) }
        case "p": Int64(payload.dropFirst()).map { recent.forget(sessionsOf: PersonID(rawValue: $0)) }
        default: recent.forgetAll()  // not ours to read: forgetting everything is always safe
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
        // A random ID, not the next one (see SQLitePersonStore.insertSession); a repeat is retried.
        while true {
            let id = Int64.random(in: 2...Int64.max)
            let made = try session.execute(
                """
                INSERT INTO session (id, token_hash, person, device, created_at, last_used_at)
                OVERRIDING SYSTEM VALUE
                VALUES (\(id), \(token.hash), \(person), \(String(device.prefix(80))), \(seconds), \(seconds))
                ON CONFLICT (id) DO NOTHING
                """)
            if made == 1 { return }
        }
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
        try writeTouches()
        return try read { session in
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
        let hash = try write { session -> Data? in
            let deleted = try session.query(
                "DELETE FROM session WHERE id = \(id) AND person = \(person.rawValue) RETURNING token_hash")
            guard let hash = try deleted.first?.decode(Data.self) else { return nil }
            try Self.notify("s" + hash.base64EncodedString(), in: session)
            return hash
        }
        guard let hash else { return false }
        recent.forget(session: hash)
        return true
    }

    public func person(of token: SessionToken, now: Date) throws(PersonStoreError) -> PersonID? {
        let seconds = now.timeIntervalSince1970
        let listening = listener.isListening
        if listening, let person = recent.person(of: token.hash, at: seconds) { return person }
        let mark = recent.mark()
        let found = try read { session in
            try session.query("SELECT person, last_used_at FROM session WHERE token_hash = \(token.hash)").first?
                .decode((Int64, Double).self)
        }
        guard let (person, stored) = found else { return nil }
        let lastUsed = max(stored, touches.lastUse(of: token.hash) ?? 0)
        if seconds - lastUsed > SessionToken.lifetime {
            try write { session in try session.execute("DELETE FROM session WHERE token_hash = \(token.hash)") }
            return nil
        }
        var used = lastUsed
        if seconds - lastUsed > RecentSessions.touchInterval {
            touches.note(token.hash, person: person, at: seconds) { [self] in (try? writeTouches()) != nil }
            used = seconds
        }
        if listening { recent.keep(token.hash, person: PersonID(rawValue: person), lastUsed: used, mark: mark) }
        return PersonID(rawValue: person)
    }

    /// Writes the last uses not yet written, in one statement; kept for the next try when it fails.
    public func writeTouches() throws(PersonStoreError) {
        guard !touches.isEmpty else { return }
        try writeTouches { _ in }
    }

    /// Writes the pending uses and then `body` in one transaction (a use not yet written is a use,
    /// also to what `body` reads or deletes); the uses are kept again when the transaction fails.
    private func writeTouches<T>(then body: (PostgresSession) throws -> T) throws(PersonStoreError) -> T {
        let uses = touches.take()
        do {
            return try write { session in
                try Self.write(uses, in: session)
                return try body(session)
            }
        } catch {
            touches.giveBack(uses)
            throw error
        }
    }

    /// Each session's last use and each person's last visit, in one statement.
    private static func write(_ uses: [Data: SessionTouches.Touch], in session: PostgresSession) throws {
        guard !uses.isEmpty else { return }
        let ordered = Array(uses)
        try session.execute(
            """
            WITH used AS (
                SELECT * FROM unnest(\(ordered.map { ByteBuffer(bytes: $0.key) }), \(ordered.map(\.value.person)),
                    \(ordered.map(\.value.at))) AS used (token_hash, person, at)
            ), sessions AS (
                UPDATE session SET last_used_at = greatest(session.last_used_at, used.at)
                FROM used WHERE session.token_hash = used.token_hash
            )
            UPDATE person SET last_seen_at = greatest(person.last_seen_at, seen.at)
            FROM (SELECT person, max(at) AS at FROM used GROUP BY person) AS seen WHERE person.id = seen.person
            """)
    }

    public func signOut(_ token: SessionToken) throws(PersonStoreError) {
        try write { session in
            try session.execute("DELETE FROM session WHERE token_hash = \(token.hash)")
            try Self.notify("s" + token.hash.base64EncodedString(), in: session)
        }
        recent.forget(session: token.hash)
    }

    public func signOutAll(of person: PersonID) throws(PersonStoreError) {
        try write { session in
            try session.execute("DELETE FROM session WHERE person = \(person.rawValue)")
            try session.execute("DELETE FROM join_code WHERE person = \(person.rawValue)")
            try Self.notify("p\(person.rawValue)", in: session)
        }
        recent.forget(sessionsOf: person)
    }

    public func erase(_ person: PersonID) throws(PersonStoreError) {
        try signOutAll(of: person)
        guard person != .local else { return }
        try write { session in try session.execute("DELETE FROM person WHERE id = \(person.rawValue)") }
    }

    public func remove(_ person: PersonID, ifNotSeenSince date: Date) throws(PersonStoreError) -> Bool {
        guard person != .local else { return false }
        let removed = try writeTouches { session in
            let removed =
                try session.execute(
                    "DELETE FROM person WHERE id = \(person.rawValue) AND last_seen_at < \(date.timeIntervalSince1970)")
                > 0
            if removed { try Self.notify("p\(person.rawValue)", in: session) }
            return removed
        }
        if removed { recent.forget(sessionsOf: person) }
        return removed
    }

    public func dates(of person: PersonID) throws(PersonStoreError) -> (created: Date, lastSeen: Date)? {
        try writeTouches()
        return try read { session in
            try session.query("SELECT created_at, last_seen_at FROM person WHERE id = \(person.rawValue)").first
                .map { row in
                    let (created, seen) = try row.decode((Double, Double).self)
                    return (Date(timeIntervalSince1970: created), Date(timeIntervalSince1970: seen))
                }
        }
    }

    public func persons(notSeenSince date: Date, after: PersonID, limit: Int) throws(PersonStoreError) -> [PersonID] {
        try writeTouches()
        return try read { session in
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

    public func sessionCount() throws(PersonStoreError) -> Int {
        try read { session in try session.query("SELECT count(*) FROM session").first?.decode(Int.self) ?? 0 }
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
