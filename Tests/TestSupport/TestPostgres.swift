import AppPatterns
import Foundation
import PostgresNIO
import Storage

/// The PostgreSQL server the store tests also run against: the one `scripts/with-postgres` starts
/// (`FINNKINO_TEST_DATABASE_URL`). Without it, the tests of PostgreSQL stores are not run (and not
/// counted): `scripts/test` always runs them, on a throwaway server.
public enum TestPostgres {
    public static let location = ProcessInfo.processInfo.environment["FINNKINO_TEST_DATABASE_URL"].flatMap {
        PostgresLocation(url: $0)
    }

    public static var isAvailable: Bool { location != nil }

    /// A pool on a new, empty schema of the test server: each test its own tables. The schemas go
    /// with the throwaway server.
    public static func freshPool(maximumConnections: Int = 8) throws -> PostgresPool {
        guard var location else { throw PostgresPoolError("FINNKINO_TEST_DATABASE_URL is not set") }
        let schema = "test_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
        _ = try PostgresPool(location, maximumConnections: 1).withSession { session in
            try session.execute(PostgresQuery(unsafeSQL: "CREATE SCHEMA \(schema)"))
        }
        location.schema = schema
        return PostgresPool(location, maximumConnections: maximumConnections)
    }
}
