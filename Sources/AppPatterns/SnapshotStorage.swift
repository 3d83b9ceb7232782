import Foundation
import GRDB
import NIOConcurrencyHelpers

/// Where a ``MementoStore`` keeps its encoded snapshots: bytes by key, nothing more.
public protocol SnapshotStorage: Sendable {
    /// The bytes saved under `key`, nil when there are none.
    func snapshot(for key: String) throws -> Data?
    /// Saves `data` under `key`, replacing what was there; durable when it returns.
    func save(_ data: Data, for key: String) throws
    /// Removes what is saved under `key`, if anything; durable when it returns.
    func removeSnapshot(for key: String) throws
    /// Saves every snapshot of `snapshots` (bytes by key), in one durable step where the storage
    /// can: what ``WriteBehindSnapshotStorage`` writes.
    func save(_ snapshots: [String: Data]) throws
}

extension SnapshotStorage {
    public func save(_ snapshots: [String: Data]) throws {
        for (key, data) in snapshots { try save(data, for: key) }
    }
}

/// Snapshots in memory: for tests and for runs that keep nothing.
public final class InMemorySnapshotStorage: SnapshotStorage {
    private let snapshots = NIOLockedValueBox<[String: Data]>([:])

    public init() {}

    public func snapshot(for key: String) throws -> Data? { snapshots.withLockedValue { $0[key] } }

    public func save(_ data: Data, for key: String) throws { snapshots.withLockedValue { $0[key] = data } }

    public func removeSnapshot(for key: String) throws { _ = snapshots.withLockedValue { $0.removeValue(forKey: key) } }
}

/// Snapshots in an SQLite file (through GRDB; WAL, synchronous FULL: a save that returned survives
/// a crash of the process).
public final class SQLiteSnapshotStorage: SnapshotStorage {
    public let fileURL: URL
    private let database: any DatabaseWriter

    /// Opens or creates `fileURL`.
    ///
    /// - Throws: when the file cannot be opened as this database (the caller decides whether to
    ///   start anew).
    public init(fileURL: URL) throws {
        self.fileURL = fileURL
        try FileManager.default.createDirectory(
            at: fileURL.deletingLastPathComponent(), withIntermediateDirectories: true)
        database = try DurableDatabase.pool(path: fileURL.path, label: "SQLiteSnapshotStorage")
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.execute(
                sql: "CREATE TABLE snapshot (key TEXT PRIMARY KEY NOT NULL, data BLOB NOT NULL, savedAt REAL NOT NULL)")
        }
        try migrator.migrate(database)
    }

    public func snapshot(for key: String) throws -> Data? {
        try database.read { db in
            try Data.fetchOne(db, sql: "SELECT data FROM snapshot WHERE key = ?", arguments: [key])
        }
    }

    public func save(_ data: Data, for key: String) throws {
        try database.write { db in
            try db.execute(
                sql: "INSERT OR REPLACE INTO snapshot (key, data, savedAt) VALUES (?, ?, ?)",
                arguments: [key, data, Date().timeIntervalSince1970])
        }
    }

    public func removeSnapshot(for key: String) throws {
        let deleted = try database.write { db in
            try db.execute(sql: "DELETE FROM snapshot WHERE key = ?", arguments: [key])
            return db.changesCount
        }
        DurableDatabase.forgetDeletedRows(database, deleted: deleted)
    }

    /// One transaction: one flush to the disk for all of them.
    public func save(_ snapshots: [String: Data]) throws {
        let now = Date().timeIntervalSince1970
        try database.write { db in
            for (key, data) in snapshots {
                try db.execute(
                    sql: "INSERT OR REPLACE INTO snapshot (key, data, savedAt) VALUES (?, ?, ?)",
                    arguments: [key, data, now])
            }
        }
    }
}
