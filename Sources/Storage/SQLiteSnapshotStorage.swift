import AppPatterns
import Foundation
import GRDB

/// Snapshots in an SQLite file (through GRDB; WAL, synchronous FULL: a save that returned survives
/// a crash of the process).
public final class SQLiteSnapshotStorage: SnapshotStorage {
    public let fileURL: URL
    private let database: any DatabaseWriter
    /// The reads' connection (``DurableDatabase/pointReader(path:beside:label:)``).
    private let pointReader: any DatabaseReader

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
        // One naming scheme with PostgreSQL's table (snake_case).
        migrator.registerMigration("one naming scheme") { db in
            try db.execute(sql: "ALTER TABLE snapshot RENAME COLUMN savedAt TO saved_at")
        }
        try migrator.migrate(database)
        pointReader = try DurableDatabase.pointReader(
            path: fileURL.path, beside: database, label: "SQLiteSnapshotStorage")
    }

    public func snapshot(for key: String) throws -> Data? {
        // Read on a person's first request after a start or after being forgotten: one statement,
        // compiled once (see ``DurableDatabase/readOne(_:_:_:)``).
        try DurableDatabase.readOne(pointReader, "SELECT data FROM snapshot WHERE key = ?") { statement in
            try Data.fetchOne(statement, arguments: [key])
        }
    }

    private static let replace = "INSERT OR REPLACE INTO snapshot (key, data, saved_at) VALUES (?, ?, ?)"

    public func save(_ data: Data, for key: String) throws {
        try database.write { db in
            try DurableDatabase.execute(db, Self.replace, [key, data, Date().timeIntervalSince1970])
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
                try DurableDatabase.execute(db, Self.replace, [key, data, now])
            }
        }
    }
}
