import Foundation
import GRDB
import Logging

/// A ``PayloadCache`` in an SQLite file (through GRDB, WAL mode) that survives restarts.
///
/// One table holds key, body, validators, storage time, size and an access order. When the total
/// size of the bodies exceeds `sizeLimit`, the least recently used payloads are removed. A file
/// that is not a readable cache database is logged, deleted and created anew; later storage
/// errors are logged and behave like misses.
public final class SQLitePayloadCache: PayloadCache {
    /// The database file.
    public let fileURL: URL
    /// The most body bytes kept.
    public let sizeLimit: Int
    private let database: DatabasePool
    private let logger: Logger

    /// Opens (or creates) the cache file `fileName` in `directory`, creating the directory if
    /// needed.
    ///
    /// - Throws: only when no usable database can be created there (e.g. the directory is not
    ///   writable); a corrupt file is replaced instead.
    public init(
        directory: URL, fileName: String = "payloads.sqlite", sizeLimit: Int = 64 << 20,
        logger: Logger = Logger(label: "SQLitePayloadCache")
    ) throws {
        fileURL = directory.appendingPathComponent(fileName)
        self.sizeLimit = max(sizeLimit, 0)
        self.logger = logger
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        do {
            database = try Self.open(fileURL)
        } catch {
            logger.warning(
                "payload cache \(fileURL.path) is unreadable (\(error)); deleting and recreating it")
            for suffix in ["", "-wal", "-shm"] {
                try? FileManager.default.removeItem(atPath: fileURL.path + suffix)
            }
            database = try Self.open(fileURL)
        }
    }

    private static func open(_ url: URL) throws -> DatabasePool {
        var configuration = Configuration()
        configuration.label = "SQLitePayloadCache"
        let pool = try DatabasePool(path: url.path, configuration: configuration)
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.execute(
                sql: """
                    CREATE TABLE payload (
                        key TEXT PRIMARY KEY NOT NULL,
                        body BLOB NOT NULL,
                        etag TEXT,
                        lastModified TEXT,
                        storedAt REAL NOT NULL,
                        size INTEGER NOT NULL,
                        accessOrder INTEGER NOT NULL
                    );
                    CREATE INDEX payload_accessOrder ON payload(accessOrder);
                    """)
        }
        try migrator.migrate(pool)
        return pool
    }

    public func payload(for key: String) -> CachedPayload? {
        attempt("read \(key)") {
            try database.write { db -> CachedPayload? in
                guard
                    let row = try Row.fetchOne(
                        db, sql: "SELECT body, etag, lastModified, storedAt FROM payload WHERE key = ?",
                        arguments: [key])
                else { return nil }
                try db.execute(
                    sql: """
                        UPDATE payload SET accessOrder = (SELECT coalesce(max(accessOrder), 0) + 1 FROM payload)
                        WHERE key = ?
                        """, arguments: [key])
                return CachedPayload(
                    body: try row.decode(Data.self, forColumn: "body"),
                    etag: try row.decode(String?.self, forColumn: "etag"),
                    lastModified: try row.decode(String?.self, forColumn: "lastModified"),
                    storedAt: Date(timeIntervalSince1970: try row.decode(Double.self, forColumn: "storedAt")))
            }
        } ?? nil
    }

    public func store(_ payload: CachedPayload, for key: String) {
        let size = payload.body.count
        attempt("store \(key)") {
            try database.write { db in
                guard size <= sizeLimit else {
                    try db.execute(sql: "DELETE FROM payload WHERE key = ?", arguments: [key])
                    return
                }
                try db.execute(
                    sql: """
                        INSERT OR REPLACE INTO payload (key, body, etag, lastModified, storedAt, size, accessOrder)
                        VALUES (?, ?, ?, ?, ?, ?, (SELECT coalesce(max(accessOrder), 0) + 1 FROM payload))
                        """,
                    arguments: [
                        key, payload.body, payload.etag, payload.lastModified,
                        payload.storedAt.timeIntervalSince1970, size,
                    ])
                try evict(db)
            }
        }
    }

    public func markRevalidated(_ key: String, at date: Date) {
        attempt("revalidate \(key)") {
            try database.write { db in
                try db.execute(
                    sql: "UPDATE payload SET storedAt = ? WHERE key = ?",
                    arguments: [date.timeIntervalSince1970, key])
            }
        }
    }

    public func removePayload(for key: String) {
        attempt("remove \(key)") {
            try database.write { db in
                try db.execute(sql: "DELETE FROM payload WHERE key = ?", arguments: [key])
            }
        }
    }

    public func removeAll() {
        attempt("remove all") {
            try database.write { db in try db.execute(sql: "DELETE FROM payload") }
        }
    }

    /// The total size of the stored bodies in bytes.
    public var totalSize: Int {
        (attempt("measure") {
            try database.read { db in try Int.fetchOne(db, sql: "SELECT coalesce(sum(size), 0) FROM payload") }
        } ?? nil) ?? 0
    }

    /// The stored keys, least recently used first (for tests and diagnostics).
    public var keysByAccess: [String] {
        attempt("list") {
            try database.read { db in
                try String.fetchAll(db, sql: "SELECT key FROM payload ORDER BY accessOrder")
            }
        } ?? []
    }

    /// Removes least recently used payloads until the total size fits the limit.
    private func evict(_ db: Database) throws {
        var total = try Int.fetchOne(db, sql: "SELECT coalesce(sum(size), 0) FROM payload") ?? 0
        guard total > sizeLimit else { return }
        let rows = try Row.fetchCursor(db, sql: "SELECT key, size FROM payload ORDER BY accessOrder")
        var victims: [String] = []
        while total > sizeLimit, let row = try rows.next() {
            victims.append(try row.decode(String.self, forColumn: "key"))
            total -= try row.decode(Int.self, forColumn: "size")
        }
        for key in victims {
            try db.execute(sql: "DELETE FROM payload WHERE key = ?", arguments: [key])
        }
    }

    private func attempt<T>(_ what: String, _ body: () throws -> T) -> T? {
        do {
            return try body()
        } catch {
            logger.warning("payload cache \(fileURL.lastPathComponent): cannot \(what): \(error)")
            return nil
        }
    }
}
