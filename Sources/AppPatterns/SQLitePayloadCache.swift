import Foundation
import GRDB
import GRDBSQLite
import Logging

/// A ``PayloadCache`` in an SQLite file (through GRDB, WAL mode) that survives restarts.
///
/// One table holds key, body, validators, storage time, size and an access order. When the total
/// size of the bodies exceeds `sizeLimit`, the least recently used payloads are removed. A file
/// that is not a readable cache database is logged, deleted and created anew; later storage
/// errors are logged and behave like misses.
///
/// Bodies can be 10 MB (a busy day's schedule), so they are written the way SQLite writes large
/// blobs cheaply: 64 KB pages (16 times fewer page writes than the default 4 KB), no sync of the
/// log at each commit (`synchronous = NORMAL`: a power cut may lose the last bodies, never the
/// file's consistency, which is the right trade for a cache), and the body streamed into its
/// row with SQLite's incremental blob I/O instead of bound as a value, which SQLite would copy
/// twice. The body is the row's last column so that the placeholder the row is inserted with
/// (`zeroblob`) is not spelled out in memory either.
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
        configuration.prepareDatabase { db in
            // page_size only takes effect on a new file; an older file keeps its pages.
            try db.execute(sql: "PRAGMA page_size = 65536")
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
        }
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
        // v2: the body moves to the end of the row (see the type's description). A cache, so
        // what v1 held is simply dropped.
        migrator.registerMigration("v2") { db in
            try db.execute(
                sql: """
                    DROP TABLE payload;
                    CREATE TABLE payload (
                        key TEXT PRIMARY KEY NOT NULL,
                        etag TEXT,
                        lastModified TEXT,
                        storedAt REAL NOT NULL,
                        size INTEGER NOT NULL,
                        accessOrder INTEGER NOT NULL,
                        body BLOB NOT NULL
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
                        INSERT OR REPLACE INTO payload (key, etag, lastModified, storedAt, size, accessOrder, body)
                        VALUES (?, ?, ?, ?, ?, (SELECT coalesce(max(accessOrder), 0) + 1 FROM payload), zeroblob(?))
                        """,
                    arguments: [
                        key, payload.etag, payload.lastModified, payload.storedAt.timeIntervalSince1970, size, size,
                    ])
                try Self.writeBody(payload.body, row: db.lastInsertedRowID, db)
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

    /// Writes `body` into the zero-filled body of row `row`, through SQLite's incremental blob I/O.
    private static func writeBody(_ body: Data, row: Int64, _ db: Database) throws {
        guard !body.isEmpty else { return }
        guard let length = Int32(exactly: body.count) else { throw DatabaseError(resultCode: .SQLITE_TOOBIG) }
        var blob: OpaquePointer?
        let opened = sqlite3_blob_open(db.sqliteConnection, "main", "payload", "body", row, 1, &blob)
        defer { sqlite3_blob_close(blob) }
        guard opened == SQLITE_OK else { throw DatabaseError(resultCode: ResultCode(rawValue: opened)) }
        let written = body.withUnsafeBytes { bytes in
            sqlite3_blob_write(blob, bytes.baseAddress, length, 0)
        }
        guard written == SQLITE_OK else { throw DatabaseError(resultCode: ResultCode(rawValue: written)) }
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
