import AppPatterns
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
/// Bodies can be 10 MB (a busy day's schedule), so they are kept the way SQLite handles large
/// blobs well: in a table of their own, so that updating a payload's access order or storage
/// time rewrites a small row, not the body (SQLite rewrites a whole row on any update); streamed
/// into their row with SQLite's incremental blob I/O instead of bound as a value, which SQLite
/// would copy twice; and, in a cache of big bodies (the feeds), on 64 KB pages (`pageSize`: 16
/// times fewer page writes than SQLite's 4 KB; a file made before keeps its pages). A staged body
/// (``stage(_:for:)``) is a body row that no payload points to yet; those a process left behind
/// are deleted when the file is opened an hour later. A payload can only point to a body that
/// exists (a foreign key), and body IDs are never reused.
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
    ///   - pageSize: SQLite's page size for a new file (a power of two from 512 to 65,536).
    public init(
        directory: URL, fileName: String = "payloads.sqlite", sizeLimit: Int = 64 << 20, pageSize: Int = 4_096,
        logger: Logger = Logger(label: "SQLitePayloadCache")
    ) throws {
        fileURL = directory.appendingPathComponent(fileName)
        self.sizeLimit = max(sizeLimit, 0)
        self.logger = logger
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        precondition([512, 1_024, 2_048, 4_096, 8_192, 16_384, 32_768, 65_536].contains(pageSize), "not a page size")
        do {
            database = try Self.open(fileURL, pageSize: pageSize)
        } catch let error as DatabaseError where [.SQLITE_NOTADB, .SQLITE_CORRUPT].contains(error.resultCode) {
            // Only a file that is not a database, or a damaged one, is replaced: a busy or
            // locked one belongs to another process at work.
            logger.warning("payload cache \(fileURL.path) is unreadable (\(error)); deleting and recreating it")
            for suffix in ["", "-wal", "-shm"] {
                try? FileManager.default.removeItem(atPath: fileURL.path + suffix)
            }
            database = try Self.open(fileURL, pageSize: pageSize)
        }
        deleteAbandonedBodies()
    }

    private static func open(_ url: URL, pageSize: Int) throws -> DatabasePool {
        var configuration = Configuration()
        configuration.label = "SQLitePayloadCache"
        // Another process (the server and the CLI on one data folder) may be writing: wait for it.
        configuration.busyMode = .timeout(10)
        // Takes effect on a new file only (before GRDB turns on write-ahead logging); a file made
        // before keeps its pages, which only costs speed.
        configuration.prepareDatabase { db in try db.execute(sql: "PRAGMA page_size = \(pageSize)") }
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
        // v3 (after a v2 that never shipped): bodies in a table of their own (see the type's
        // description), their IDs never reused. A cache, so what was held is simply dropped.
        migrator.registerMigration("v3") { db in
            try db.execute(
                sql: """
                    DROP TABLE IF EXISTS payload;
                    DROP TABLE IF EXISTS body;
                    CREATE TABLE body (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        stagedAt REAL NOT NULL,
                        data BLOB NOT NULL
                    );
                    CREATE TABLE payload (
                        key TEXT PRIMARY KEY NOT NULL,
                        bodyID INTEGER NOT NULL UNIQUE REFERENCES body(id),
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

    /// How long a staged body may wait for its commit before it counts as left behind by a
    /// process that ended (a decode takes well under a second).
    static let stagingLifetime: TimeInterval = 3_600

    /// Deletes the staged bodies that no payload points to and that are older than
    /// ``stagingLifetime``: another process's fresh ones are still to be committed.
    private func deleteAbandonedBodies() {
        attempt("delete abandoned bodies") {
            try database.write { db in
                try db.execute(
                    sql: "DELETE FROM body WHERE stagedAt < ? AND id NOT IN (SELECT bodyID FROM payload)",
                    arguments: [Date().timeIntervalSince1970 - Self.stagingLifetime])
            }
        }
    }

    public func payload(for key: String) -> CachedPayload? {
        attempt("read \(key)") {
            try database.write { db -> CachedPayload? in
                guard
                    let row = try Row.fetchOne(
                        db,
                        sql: """
                            SELECT body.data, etag, lastModified, storedAt FROM payload
                            JOIN body ON body.id = payload.bodyID WHERE key = ?
                            """,
                        arguments: [key])
                else { return nil }
                try db.execute(
                    sql: """
                        UPDATE payload SET accessOrder = (SELECT coalesce(max(accessOrder), 0) + 1 FROM payload)
                        WHERE key = ?
                        """, arguments: [key])
                return CachedPayload(
                    body: try row.decode(Data.self, forColumn: "data"),
                    etag: try row.decode(String?.self, forColumn: "etag"),
                    lastModified: try row.decode(String?.self, forColumn: "lastModified"),
                    storedAt: Date(timeIntervalSince1970: try row.decode(Double.self, forColumn: "storedAt")))
            }
        } ?? nil
    }

    public func store(_ payload: CachedPayload, for key: String) {
        commit(stage(payload, for: key))
    }

    /// Writes the body in a row of its own that no payload points to yet: the slow part, writing
    /// a big body, happens before ``commit(_:)``, which only points the payload at it.
    public func stage(_ payload: CachedPayload, for key: String) -> StagedPayload {
        guard payload.body.count <= sizeLimit else { return StagedPayload(payload, for: key, handle: nil) }
        let bodyID = attempt("write the body of \(key)") {
            try database.write { db in
                try db.execute(
                    sql: "INSERT INTO body (stagedAt, data) VALUES (?, zeroblob(?))",
                    arguments: [Date().timeIntervalSince1970, payload.body.count])
                let bodyID = db.lastInsertedRowID
                try Self.writeBody(payload.body, row: bodyID, db)
                return bodyID
            }
        }
        return StagedPayload(payload, for: key, handle: bodyID)
    }

    public func commit(_ staged: StagedPayload) {
        let key = staged.key
        let committed: Void? = attempt("store \(key)") {
            try database.write { db in
                let payload = staged.payload
                guard let bodyID = staged.handle else {
                    // Too large for the cache: the key is left empty. (Else writing the body
                    // failed, which was logged; what the key had stays.)
                    if payload.body.count > sizeLimit { try Self.delete(key, db) }
                    return
                }
                try Self.delete(key, db)
                try db.execute(
                    sql: """
                        INSERT INTO payload (key, bodyID, etag, lastModified, storedAt, size, accessOrder)
                        VALUES (?, ?, ?, ?, ?, ?, (SELECT coalesce(max(accessOrder), 0) + 1 FROM payload))
                        """,
                    arguments: [
                        key, bodyID, payload.etag, payload.lastModified, payload.storedAt.timeIntervalSince1970,
                        payload.body.count,
                    ])
                try evict(db)
            }
        }
        // Not committed (say, the disk is full): the staged body would otherwise wait for the
        // next start.
        if committed == nil { discard(staged) }
    }

    public func discard(_ staged: StagedPayload) {
        guard let bodyID = staged.handle else { return }
        attempt("discard a body of \(staged.key)") {
            try database.write { db in try db.execute(sql: "DELETE FROM body WHERE id = ?", arguments: [bodyID]) }
        }
    }

    /// Deletes the payload for `key` and its body.
    private static func delete(_ key: String, _ db: Database) throws {
        let bodyID = try Int64.fetchOne(db, sql: "SELECT bodyID FROM payload WHERE key = ?", arguments: [key])
        try db.execute(sql: "DELETE FROM payload WHERE key = ?", arguments: [key])
        if let bodyID { try db.execute(sql: "DELETE FROM body WHERE id = ?", arguments: [bodyID]) }
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
            try database.write { db in try Self.delete(key, db) }
        }
    }

    public func removeAll() {
        attempt("remove all") {
            try database.write { db in
                try db.execute(sql: "DELETE FROM payload")
                try db.execute(sql: "DELETE FROM body")
            }
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

    /// Writes `body` into the zero-filled body row `row`, through SQLite's incremental blob I/O.
    private static func writeBody(_ body: Data, row: Int64, _ db: Database) throws {
        guard !body.isEmpty else { return }
        guard let length = Int32(exactly: body.count) else { throw DatabaseError(resultCode: .SQLITE_TOOBIG) }
        var blob: OpaquePointer?
        let opened = sqlite3_blob_open(db.sqliteConnection, "main", "body", "data", row, 1, &blob)
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
        for key in victims { try Self.delete(key, db) }
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
