import AppPatterns
import Foundation
import PostgresNIO

/// Snapshots in PostgreSQL, shared by every instance of the server (what ``SQLiteSnapshotStorage``
/// is on one machine): a save that returned is committed.
public final class PostgresSnapshotStorage: SnapshotStorage {
    private let pool: PostgresPool

    /// The storage on `pool`, its table made or brought up to date first.
    public init(pool: PostgresPool) throws {
        self.pool = pool
        try Self.migrator.migrate(pool)
    }

    static var migrator: PostgresMigrator {
        var migrator = PostgresMigrator()
        migrations(into: &migrator)
        return migrator
    }

    /// Registers the migrations of the snapshot table.
    public static func migrations(into migrator: inout PostgresMigrator) {
        migrator.register(
            "snapshots v1",
            [
                """
                CREATE TABLE snapshot (
                    key TEXT PRIMARY KEY,
                    data BYTEA NOT NULL,
                    saved_at DOUBLE PRECISION NOT NULL -- seconds since 1970 UTC
                )
                """
            ])
    }

    public func snapshot(for key: String) throws -> Data? {
        try pool.withSession { session in
            try session.query("SELECT data FROM snapshot WHERE key = \(key)").first?.decode(Data.self)
        }
    }

    public func save(_ data: Data, for key: String) throws {
        try save([key: data])
    }

    public func removeSnapshot(for key: String) throws {
        _ = try pool.withSession { session in try session.execute("DELETE FROM snapshot WHERE key = \(key)") }
    }

    /// One transaction for all of them.
    public func save(_ snapshots: [String: Data]) throws {
        let now = Date().timeIntervalSince1970
        try pool.transaction { session in
            for (key, data) in snapshots {
                try session.execute(
                    """
                    INSERT INTO snapshot (key, data, saved_at) VALUES (\(key), \(data), \(now))
                    ON CONFLICT (key) DO UPDATE SET data = excluded.data, saved_at = excluded.saved_at
                    """)
            }
        }
    }
}
