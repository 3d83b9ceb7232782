import AppPatterns
import FinnkinoKit
import Foundation
import PostgresNIO
import Storage
import WebPush

/// The ``PushSubscriptions`` of several instances over one PostgreSQL database.
public final class PostgresPushSubscriptions: PushSubscriptions {
    public let personTables = ["push_subscription"]

    private let pool: PostgresPool

    /// The subscriptions on `pool`, their table made or brought up to date first.
    public init(pool: PostgresPool) throws(PushSubscriptionsError) {
        self.pool = pool
        do {
            try PostgresMigrator.migrate(pool, Self.migrations(into:))
        } catch {
            throw PushSubscriptionsError("the push subscriptions in \(pool.location) cannot be opened: \(error)")
        }
    }

    static func migrations(into migrator: inout PostgresMigrator) {
        migrator.register(
            "push subscriptions v1",
            [
                """
                CREATE TABLE push_subscription (
                    endpoint TEXT PRIMARY KEY,
                    person BIGINT NOT NULL,
                    device BIGINT, -- the session's device ID; NULL for the local person
                    p256dh TEXT NOT NULL, -- base64url
                    auth TEXT NOT NULL, -- base64url
                    created_at DOUBLE PRECISION NOT NULL -- seconds since 1970 UTC
                )
                """,
                "CREATE INDEX push_subscription_person ON push_subscription (person, created_at)",
            ])
    }

    public func add(
        _ subscription: PushSubscription, for person: PersonID, device: Int64?, now: Date
    ) throws(PushSubscriptionsError) {
        let (endpoint, key, auth) = (
            subscription.endpoint.absoluteString, Base64URL.encode(subscription.p256dh),
            Base64URL.encode(subscription.auth)
        )
        try run("changed", inTransaction: true) { session in
            try session.execute(
                """
                INSERT INTO push_subscription (endpoint, person, device, p256dh, auth, created_at)
                VALUES (\(endpoint), \(person.rawValue), \(device), \(key), \(auth), \(now.timeIntervalSince1970))
                ON CONFLICT (endpoint) DO UPDATE SET
                    person = excluded.person, device = excluded.device, p256dh = excluded.p256dh, auth = excluded.auth,
                    created_at = excluded.created_at
                """)
            try session.execute(
                """
                DELETE FROM push_subscription WHERE person = \(person.rawValue) AND endpoint NOT IN (
                    SELECT endpoint FROM push_subscription WHERE person = \(person.rawValue)
                    ORDER BY created_at DESC, endpoint LIMIT \(PushSubscriptionLimits.perPerson))
                """)
        }
    }

    public func remove(endpoint: URL, of person: PersonID) throws(PushSubscriptionsError) {
        let endpoint = endpoint.absoluteString
        try run("changed") { session in
            try session.execute(
                "DELETE FROM push_subscription WHERE endpoint = \(endpoint) AND person = \(person.rawValue)")
        }
    }

    public func expire(endpoint: URL) throws(PushSubscriptionsError) {
        let endpoint = endpoint.absoluteString
        try run("changed") { session in
            try session.execute("DELETE FROM push_subscription WHERE endpoint = \(endpoint)")
        }
    }

    public func subscriptions(of person: PersonID) throws(PushSubscriptionsError) -> [PersonPushSubscription] {
        let rows = try run("read") { session in
            try session.query(
                """
                SELECT endpoint, device, p256dh, auth FROM push_subscription WHERE person = \(person.rawValue)
                ORDER BY created_at DESC, endpoint
                """
            ).map { try $0.decode((String, Int64?, String, String).self) }
        }
        return rows.compactMap { row in
            (try? PushSubscription(endpoint: row.0, p256dh: row.2, auth: row.3)).map {
                PersonPushSubscription(subscription: $0, device: row.1)
            }
        }
    }

    public func erase(_ person: PersonID) throws(PushSubscriptionsError) {
        try run("changed") { session in
            try session.execute("DELETE FROM push_subscription WHERE person = \(person.rawValue)")
        }
    }

    /// (A change's row count may go unread.)
    @discardableResult
    private func run<T>(
        _ verb: String, inTransaction: Bool = false, _ body: (PostgresSession) throws -> T
    ) throws(PushSubscriptionsError) -> T {
        do {
            return try inTransaction ? pool.transaction(body) : pool.withSession(body)
        } catch {
            throw PushSubscriptionsError("the push subscriptions cannot be \(verb): \(error)")
        }
    }
}
