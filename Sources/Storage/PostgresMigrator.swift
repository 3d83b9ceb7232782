import PostgresNIO

/// Versioned schema migrations of a PostgreSQL database, as GRDB's `DatabaseMigrator` keeps them
/// for SQLite: each migration has a name, runs once, in the order registered, and its name is
/// recorded (`schema_migration`) in the same transaction as its statements.
///
/// Instances starting at once over one database apply each migration once: the whole run holds a
/// transaction-scoped advisory lock, so the second instance waits and then finds them applied.
public struct PostgresMigrator: Sendable {
    /// The advisory lock key of migrations (any instance of this app, any store).
    static let lockKey: Int64 = 0x6669_6E6E_6D69_6772  // "finnmigr"

    private var migrations: [(name: String, statements: [String])] = []

    public init() {}

    /// Applies to `pool` the migrations `register` registers (a store's, when it opens).
    public static func migrate(_ pool: PostgresPool, _ register: (inout PostgresMigrator) -> Void) throws {
        var migrator = PostgresMigrator()
        register(&migrator)
        try migrator.migrate(pool)
    }

    /// Adds a migration: `statements` run in order, one statement each (PostgreSQL's extended
    /// protocol takes one at a time).
    public mutating func register(_ name: String, _ statements: [String]) {
        precondition(!migrations.contains { $0.name == name }, "two migrations named \(name)")
        migrations.append((name, statements))
    }

    /// The names of every registered migration, in order.
    public var names: [String] { migrations.map(\.name) }

    /// Applies the migrations not applied yet; returns their names.
    @discardableResult
    public func migrate(_ pool: PostgresPool) throws -> [String] {
        try pool.transaction { session in
            try session.execute("SELECT pg_advisory_xact_lock(\(Self.lockKey))")
            try session.execute(
                "CREATE TABLE IF NOT EXISTS schema_migration (name TEXT PRIMARY KEY, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())"
            )
            let applied = try Set(session.query("SELECT name FROM schema_migration").map { try $0.decode(String.self) })
            var done: [String] = []
            for migration in migrations where !applied.contains(migration.name) {
                for statement in migration.statements { try session.execute(PostgresQuery(unsafeSQL: statement)) }
                try session.execute("INSERT INTO schema_migration (name) VALUES (\(migration.name))")
                done.append(migration.name)
            }
            return done
        }
    }

    /// The names of the registered migrations already applied to `database`.
    public func applied(in pool: PostgresPool) throws -> [String] {
        let applied = try pool.withSession { session in
            let exists = try session.query("SELECT to_regclass('schema_migration') IS NOT NULL").first?.decode(
                Bool.self)
            guard exists == true else { return Set<String>() }
            return try Set(session.query("SELECT name FROM schema_migration").map { try $0.decode(String.self) })
        }
        return names.filter(applied.contains)
    }
}
