import AppPatterns
import FinnkinoKit
import Foundation
import GRDB
import Storage
import WebPush

/// The ``PushSubscriptions`` of one machine, in `push.sqlite` of the data directory (through GRDB).
public final class SQLitePushSubscriptions: PushSubscriptions, SQLiteBacked {
    public let personTables = ["push_subscription"]
    var database: any DatabaseReader { queue }

    public static let fileName = "push.sqlite"
    private let queue: DatabaseQueue

    /// Opens (or creates) the subscriptions in `dataDirectory`.
    public init(dataDirectory: URL) throws(PushSubscriptionsError) {
        do {
            queue = try DurableDatabase.queue(
                file: Self.fileName, in: dataDirectory, label: "PushSubscriptions", migrator: Self.migrator)
        } catch {
            let path = dataDirectory.appendingPathComponent(Self.fileName).path
            throw PushSubscriptionsError("the push subscriptions \(path) cannot be opened: \(error)")
        }
    }

    /// Subscriptions kept in memory only (the tests' default).
    public init() {
        // An in-memory database always opens, and the migration is this file's own SQL.
        queue = try! DurableDatabase.queue(
            file: Self.fileName, in: nil, label: "PushSubscriptions", migrator: Self.migrator)
    }

    private static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.execute(
                sql: """
                    CREATE TABLE pushSubscription (
                        endpoint TEXT PRIMARY KEY,
                        person INTEGER NOT NULL,
                        device INTEGER, -- the session's device ID; NULL for the local person
                        p256dh TEXT NOT NULL, -- base64url
                        auth TEXT NOT NULL, -- base64url
                        createdAt REAL NOT NULL -- seconds since 1970 UTC
                    );
                    CREATE INDEX pushSubscription_person ON pushSubscription(person, createdAt);
                    """)
        }
        // One naming scheme with PostgreSQL's tables (snake_case), so the same names mean the same
        // thing on both backends and `finnkino migrate --from-sqlite` copies by name.
        migrator.registerMigration("one naming scheme") { db in
            try db.execute(
                sql: """
                    ALTER TABLE pushSubscription RENAME COLUMN createdAt TO created_at;
                    ALTER TABLE pushSubscription RENAME TO push_subscription;
                    """)
        }
        return migrator
    }

    public func add(
        _ subscription: PushSubscription, for person: PersonID, device: Int64?, now: Date
    ) throws(PushSubscriptionsError) {
        try write { db in
            try db.execute(
                sql: """
                    INSERT INTO push_subscription (endpoint, person, device, p256dh, auth, created_at)
                    VALUES (?, ?, ?, ?, ?, ?)
                    ON CONFLICT (endpoint) DO UPDATE SET
                        person = excluded.person, device = excluded.device, p256dh = excluded.p256dh,
                        auth = excluded.auth, created_at = excluded.created_at
                    """,
                arguments: [
                    subscription.endpoint.absoluteString, person.rawValue, device,
                    Base64URL.encode(subscription.p256dh),
                    Base64URL.encode(subscription.auth), now.timeIntervalSince1970,
                ])
            try db.execute(
                sql: """
                    DELETE FROM push_subscription WHERE person = ? AND endpoint NOT IN (
                        SELECT endpoint FROM push_subscription WHERE person = ?
                        ORDER BY created_at DESC, endpoint LIMIT ?)
                    """,
                arguments: [person.rawValue, person.rawValue, PushSubscriptionLimits.perPerson])
        }
    }

    public func remove(endpoint: URL, of person: PersonID) throws(PushSubscriptionsError) {
        try write { db in
            try db.execute(
                sql: "DELETE FROM push_subscription WHERE endpoint = ? AND person = ?",
                arguments: [endpoint.absoluteString, person.rawValue])
        }
    }

    public func expire(endpoint: URL) throws(PushSubscriptionsError) {
        try write { db in
            try db.execute(
                sql: "DELETE FROM push_subscription WHERE endpoint = ?", arguments: [endpoint.absoluteString])
        }
    }

    public func subscriptions(of person: PersonID) throws(PushSubscriptionsError) -> [PersonPushSubscription] {
        let rows = try read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT endpoint, device, p256dh, auth FROM push_subscription WHERE person = ?
                    ORDER BY created_at DESC, endpoint
                    """,
                arguments: [person.rawValue])
        }
        // Each was checked when it came; one that no longer reads (a key damaged on disk) is left out.
        return rows.compactMap { row in
            (try? PushSubscription(endpoint: row["endpoint"], p256dh: row["p256dh"], auth: row["auth"])).map {
                PersonPushSubscription(subscription: $0, device: row["device"])
            }
        }
    }

    public func erase(_ person: PersonID) throws(PushSubscriptionsError) {
        let deleted = try write { db in
            try db.execute(sql: "DELETE FROM push_subscription WHERE person = ?", arguments: [person.rawValue])
            return db.changesCount
        }
        DurableDatabase.forgetDeletedRows(queue, deleted: deleted)
    }

    private func read<T>(_ body: (Database) throws -> T) throws(PushSubscriptionsError) -> T {
        do { return try queue.read(body) } catch {
            throw PushSubscriptionsError("the push subscriptions cannot be read: \(error)")
        }
    }

    private func write<T>(_ body: (Database) throws -> T) throws(PushSubscriptionsError) -> T {
        do { return try queue.write(body) } catch {
            throw PushSubscriptionsError("the push subscriptions cannot be changed: \(error)")
        }
    }
}
