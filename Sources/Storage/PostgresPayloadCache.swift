import AppPatterns
import Foundation
import Logging
import PostgresNIO

/// A ``PayloadCache`` in PostgreSQL that every instance of a server shares: the feed answers one
/// instance fetched are the others' too, and one instance at a time refreshes a given answer
/// (``refreshAlone(_:newerThan:_:)``, under an advisory lock) while the others wait for what it
/// stores.
///
/// As ``SQLitePayloadCache``: beyond `sizeLimit` bytes of bodies, the least recently used
/// payloads go; a failure is logged and reads as a miss.
public final class PostgresPayloadCache: PayloadCache {
    /// Whose payloads these are (one source's: `live`, or a server's), beside other sources'.
    public let namespace: String
    public let sizeLimit: Int
    /// How long an instance waits for another's refresh before it fetches for itself.
    let refreshWait: Duration
    private let pool: PostgresPool
    /// The connections that hold the refresh locks, each for as long as its refresh takes (a
    /// fetch from the network): a pool of their own, so that refreshes never take the
    /// connections the stores' queries (and the refreshes' own reads and writes) need.
    private let lockPool: PostgresPool
    private let logger: Logger
    private let now: @Sendable () -> Date

    /// The cache of `namespace` on `pool`, its table made or brought up to date first.
    public init(
        pool: PostgresPool, namespace: String, sizeLimit: Int = 64 << 20, refreshWait: Duration = .seconds(30),
        logger: Logger = Logger(label: "PostgresPayloadCache"), now: @escaping @Sendable () -> Date = Date.init
    ) throws {
        self.pool = pool
        lockPool = PostgresPool(pool.location, maximumConnections: 8, checkoutTimeout: .seconds(1), logger: logger)
        self.namespace = namespace
        self.sizeLimit = max(sizeLimit, 0)
        self.refreshWait = refreshWait
        self.logger = logger
        self.now = now
        var migrator = PostgresMigrator()
        Self.migrations(into: &migrator)
        try migrator.migrate(pool)
    }

    /// Registers the migrations of the payload table.
    public static func migrations(into migrator: inout PostgresMigrator) {
        migrator.register(
            "payloads v1",
            [
                """
                CREATE TABLE payload (
                    namespace TEXT NOT NULL,
                    key TEXT NOT NULL,
                    body BYTEA NOT NULL,
                    etag TEXT,
                    last_modified TEXT,
                    stored_at DOUBLE PRECISION NOT NULL, -- seconds since 1970 UTC
                    used_at DOUBLE PRECISION NOT NULL,
                    PRIMARY KEY (namespace, key)
                )
                """,
                "CREATE INDEX payload_used_at ON payload (namespace, used_at)",
            ])
    }

    public func payload(for key: String) -> CachedPayload? {
        attempt("read \(key)") { session in
            try session.query(
                """
                UPDATE payload SET used_at = \(now().timeIntervalSince1970) WHERE namespace = \(namespace) AND key = \(key)
                RETURNING body, etag, last_modified, stored_at
                """
            ).first.map { row in
                let (body, etag, lastModified, storedAt) = try row.decode((Data, String?, String?, Double).self)
                return CachedPayload(
                    body: body, etag: etag, lastModified: lastModified,
                    storedAt: Date(timeIntervalSince1970: storedAt))
            }
        } ?? nil
    }

    public func store(_ payload: CachedPayload, for key: String) {
        guard payload.body.count <= sizeLimit else {
            removePayload(for: key)
            return
        }
        let used = now().timeIntervalSince1970
        attempt("store \(key)") { session in
            try session.execute(
                """
                INSERT INTO payload (namespace, key, body, etag, last_modified, stored_at, used_at)
                VALUES (\(namespace), \(key), \(payload.body), \(payload.etag), \(payload.lastModified),
                    \(payload.storedAt.timeIntervalSince1970), \(used))
                ON CONFLICT (namespace, key) DO UPDATE SET body = excluded.body, etag = excluded.etag,
                    last_modified = excluded.last_modified, stored_at = excluded.stored_at, used_at = excluded.used_at
                """)
            try evict(session)
        }
    }

    public func markRevalidated(_ key: String, at date: Date) {
        attempt("mark \(key) revalidated") { session in
            try session.execute(
                """
                UPDATE payload SET stored_at = \(date.timeIntervalSince1970)
                WHERE namespace = \(namespace) AND key = \(key)
                """)
        }
    }

    public func removePayload(for key: String) {
        attempt("remove \(key)") { session in
            try session.execute("DELETE FROM payload WHERE namespace = \(namespace) AND key = \(key)")
        }
    }

    public func removeAll() {
        attempt("remove all") { session in try session.execute("DELETE FROM payload WHERE namespace = \(namespace)") }
    }

    /// Runs `refresh` while no other instance refreshes `key`: under a session-level advisory lock
    /// on the key's hash. While another instance holds it, waits (polling every 100 ms) until the
    /// lock is free or a payload stored after `newerThan` appears; `refresh` is then given that
    /// payload, to use instead of fetching. After ``refreshWait``, or when the database cannot be
    /// asked, refreshes anyway: a stuck instance must not stop the others.
    public func refreshAlone<T: Sendable>(
        _ key: String, newerThan: Date?, _ refresh: (CachedPayload?) async -> T
    ) async -> T {
        let lock = Int64(bitPattern: FNV1a.hash("payload \(namespace) \(key)".utf8))
        let deadline = ContinuousClock.now + refreshWait
        func newer() -> CachedPayload? {
            payload(for: key).flatMap { newerThan == nil || $0.storedAt > newerThan! ? $0 : nil }
        }
        do {
            return try await lockPool.withHeldSession { session in
                while true {
                    if try session.query("SELECT pg_try_advisory_lock(\(lock))").first?.decode(Bool.self) == true {
                        let result = await refresh(newer())
                        if (try? session.execute("SELECT pg_advisory_unlock(\(lock))")) == nil {
                            // The lock goes with its connection: closed, not given back holding it.
                            session.close()
                        }
                        return result
                    }
                    if let stored = newer() { return await refresh(stored) }
                    guard ContinuousClock.now < deadline else {
                        logger.warning("\(key): another instance's refresh took over \(refreshWait); fetching here")
                        return await refresh(nil)
                    }
                    try await Task.sleep(for: .milliseconds(100))
                }
            }
        } catch {
            logger.warning("\(key): cannot agree on who refreshes (\(error)); fetching here")
            return await refresh(nil)
        }
    }

    /// Deletes the least recently used payloads until the bodies fit in `sizeLimit`.
    private func evict(_ session: PostgresSession) throws {
        try session.execute(
            """
            DELETE FROM payload WHERE namespace = \(namespace) AND key IN (
                SELECT key FROM (
                    SELECT key, sum(length(body)) OVER (ORDER BY used_at DESC, key) AS total
                    FROM payload WHERE namespace = \(namespace)
                ) AS ranked WHERE total > \(sizeLimit)
            )
            """)
    }

    /// Runs `body`; a failure is logged and gives nil.
    @discardableResult
    private func attempt<T>(_ what: String, _ body: (PostgresSession) throws -> T) -> T? {
        do {
            return try pool.withSession(body)
        } catch {
            logger.warning("payload cache \(namespace): cannot \(what): \(error)")
            return nil
        }
    }
}
