import Foundation
import PostgresNIO

/// Secrets every instance of a server shares (as a single server keeps one in its data folder):
/// 32 random bytes by name, made by whichever instance asks first; the others read the same.
public struct PostgresSecrets: Sendable {
    private let pool: PostgresPool

    /// The secrets on `pool`, their table made or brought up to date first.
    public init(pool: PostgresPool) throws {
        self.pool = pool
        var migrator = PostgresMigrator()
        Self.migrations(into: &migrator)
        try migrator.migrate(pool)
    }

    /// Registers the migrations of the secrets' table.
    public static func migrations(into migrator: inout PostgresMigrator) {
        migrator.register("secrets v1", ["CREATE TABLE server_secret (name TEXT PRIMARY KEY, value BYTEA NOT NULL)"])
    }

    /// The secret `name`: made now if there is none (of two instances making it at once, the
    /// first one's is kept and both return it).
    public func secret(named name: String) throws -> Data {
        var made = SystemRandomNumberGenerator()
        let candidate = Data((0..<32).map { _ in UInt8.random(in: .min ... .max, using: &made) })
        return try pool.transaction { session in
            try session.execute(
                "INSERT INTO server_secret (name, value) VALUES (\(name), \(candidate)) ON CONFLICT (name) DO NOTHING")
            guard
                let value = try session.query("SELECT value FROM server_secret WHERE name = \(name)").first?
                    .decode(Data.self)
            else { throw PostgresPoolError("the secret \(name) cannot be read back") }
            return value
        }
    }
}
