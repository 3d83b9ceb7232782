import AppPatterns
import FinnkinoKit
import Foundation
import Logging
import NIOConcurrencyHelpers
import PostgresNIO
import Storage

/// The ``BookmarkStores`` of several server instances over one PostgreSQL database: one
/// ``PostgresBookmarkStore`` per person, made on first use and kept, as ``SQLiteBookmarkStores``
/// keeps them.
///
/// Every change notifies the channel `bookmarks` with the person's ID, in its transaction; each
/// instance listens, and the person's store there reads anew and tells the pages open on it. So a
/// change made through one instance reaches the open pages of every other within a round trip.
public final class PostgresBookmarkStores: BookmarkStores {
    public let personTables = ["bookmark", "bookmark_history"]

    static let channel = "bookmarks"

    public let path: String
    public let unavailableReason: String? = nil
    let pool: PostgresPool
    private let logger: Logger
    /// The persons' stores, kept as ``SQLiteBookmarkStores`` keeps them.
    private let stores = MemoryCache<PersonID, PostgresBookmarkStore>(
        countLimit: SQLiteBookmarkStores.limit, keeping: { $0.bookmarks.observerCount > 0 })
    private let listener = NIOLockedValueBox<PostgresListener?>(nil)

    /// The stores on `database`, its bookmark tables made or brought up to date first.
    ///
    /// - Throws: ``BookmarkStoreError/unreadable(path:reason:)`` when the database cannot be used.
    public init(pool: PostgresPool, logger: Logger = Logger(label: "BookmarkStore")) throws {
        self.pool = pool
        self.logger = logger
        path = pool.location.redacted
        do {
            try Self.migrator.migrate(pool)
        } catch {
            throw BookmarkStoreError.unreadable(path: path, reason: "\(error)")
        }
        do {
            let heard = try PostgresListener(
                channel: Self.channel, pool: pool, logger: logger,
                reconnected: { [weak self] in self?.refreshAll() },
                handler: { [weak self] payload in self?.changed(payload) })
            listener.withLockedValue { $0 = heard }
        } catch {
            throw BookmarkStoreError.unreadable(path: path, reason: "\(error)")
        }
    }

    static var migrator: PostgresMigrator {
        var migrator = PostgresMigrator()
        PostgresBookmarkStore.migrations(into: &migrator)
        return migrator
    }

    /// Sends the notification of a change of `person`'s bookmarks, within `session`'s transaction
    /// (so it goes out when the change is committed, and never for one rolled back).
    static func notify(_ person: PersonID, in session: PostgresSession) throws {
        try session.execute("SELECT pg_notify(\(channel), \(String(person.rawValue)))")
    }

    /// A notification: the person's store, if one is open here, reads anew (off the event loop).
    private func changed(_ payload: String) {
        guard let id = Int64(payload), let store = stores.value(for: PersonID(rawValue: id)) else {
            return
        }
        DispatchQueue.global().async { store.refresh() }
    }

    /// Every open store reads anew (after the listening connection was lost for a while).
    private func refreshAll() {
        for store in stores.values { store.refresh() }
    }

    public func store(for person: PersonID) throws -> any BookmarkStore {
        if let store = stores.value(for: person) { return store }
        let made = try PostgresBookmarkStore(pool: pool, person: person, logger: logger)
        return stores.value(for: person) { made }
    }

    public func erase(_ person: PersonID) throws {
        do {
            try pool.transaction { session in
                // The history row is the person's lock; made if missing, so that a first change
                // being written now (its row not committed yet) is waited for and then erased too.
                try session.execute(
                    """
                    INSERT INTO bookmark_history (person) VALUES (\(person.rawValue))
                    ON CONFLICT (person) DO UPDATE SET person = excluded.person
                    """)
                try session.execute("DELETE FROM bookmark WHERE person = \(person.rawValue)")
                try session.execute("DELETE FROM bookmark_history WHERE person = \(person.rawValue)")
                try Self.notify(person, in: session)
            }
        } catch {
            throw BookmarkStoreError.writeFailed(path: path, reason: "\(error)")
        }
        stores.value(for: person)?.refresh()
    }

    public func isBookmarked(_ movieID: Int, source: Bookmark.Source, by person: PersonID) throws -> Bool {
        do {
            return try pool.withSession { session in
                try session.query(
                    """
                    SELECT EXISTS (SELECT 1 FROM bookmark
                    WHERE person = \(person.rawValue) AND source = \(source.rawValue) AND movie_id = \(Int64(movieID)))
                    """
                ).map { try $0.decode(Bool.self) }.first ?? false
            }
        } catch {
            throw BookmarkStoreError.unreadable(path: path, reason: "\(error)")
        }
    }

    public func personsWithBookmarks(among persons: [PersonID]) throws -> Set<PersonID> {
        guard !persons.isEmpty else { return [] }
        do {
            let ids = try pool.withSession { session in
                try session.query(
                    "SELECT DISTINCT person FROM bookmark WHERE person = ANY(\(persons.map(\.rawValue)))"
                ).map { try $0.decode(Int64.self) }
            }
            return Set(ids.map(PersonID.init(rawValue:)))
        } catch {
            throw BookmarkStoreError.unreadable(path: path, reason: "\(error)")
        }
    }
}
