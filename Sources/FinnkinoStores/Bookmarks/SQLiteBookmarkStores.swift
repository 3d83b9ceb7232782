import AppPatterns
import FinnkinoKit
import Foundation
import GRDB
import Logging
import Storage
import Synchronization

/// The ``BookmarkStores`` of one machine: every person's bookmarks in one SQLite file
/// (`bookmarks.sqlite`), opened once: one ``SQLiteBookmarkStore`` per person, made on first use and kept, so that a person's open pages and
/// actions share one list and one undo history.
///
/// The file is in WAL mode with `synchronous = FULL` (a change that returned survives `kill -9`);
/// one connection serialises every person's changes.
public final class SQLiteBookmarkStores: BookmarkStores, SQLiteBacked {
    public let personTables = ["bookmark", "bookmark_history"]
    var database: any DatabaseReader { queue }

    /// Where the database is (`:memory:` in memory).
    public let path: String
    /// Why bookmarks cannot be used, for stores made by ``unavailable(path:reason:logger:)``.
    public let unavailableReason: String?
    let queue: DatabaseQueue
    private let logger: Logger
    /// The persons' stores: beyond ``limit``, the least recently used that no open page observes
    /// are forgotten (see ``store(for:)``).
    private let stores = MemoryCache<PersonID, SQLiteBookmarkStore>(
        countLimit: SQLiteBookmarkStores.limit, keeping: { $0.bookmarks.observerCount > 0 })
    /// How many persons' stores are kept in memory at most (see ``store(for:)``). A store of 5
    /// bookmarks takes about 4 KB (10,000 of them took 39 MB in `Benchmarks/web/hosted.sh`), and
    /// one forgotten is read again in one indexed query: 2,000 keep a server under 100 MB.
    public static let limit = 2_000

    /// Opens (or creates) the bookmarks database at `url`, creating its folder if needed; a file
    /// of an earlier release is taken over as the local person's bookmarks.
    ///
    /// - Throws: ``BookmarkStoreError/unreadable(path:reason:)`` when the file is not a readable
    ///   bookmarks database; it is left untouched.
    public convenience init(url: URL, logger: Logger = Logger(label: "BookmarkStore")) throws {
        do {
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        } catch {
            throw BookmarkStoreError.unreadable(path: url.path, reason: "\(error)")
        }
        try self.init(path: url.path, logger: logger)
    }

    /// Opens `bookmarks.sqlite` in the app's data directory.
    public convenience init(dataDirectory: URL, logger: Logger = Logger(label: "BookmarkStore")) throws {
        try self.init(url: dataDirectory.appendingPathComponent(SQLiteBookmarkStore.fileName), logger: logger)
    }

    /// Bookmarks in memory, gone with the process (for tests).
    public static func inMemory(logger: Logger = Logger(label: "BookmarkStore")) throws -> SQLiteBookmarkStores {
        try SQLiteBookmarkStores(path: nil, logger: logger)
    }

    /// Stand-ins for a bookmarks file at `path` that could not be opened: every person's store
    /// lists nothing and refuses changes (see ``SQLiteBookmarkStore/unavailable(path:reason:logger:)``).
    public static func unavailable(
        path: String, reason: String, logger: Logger = Logger(label: "BookmarkStore")
    ) throws -> SQLiteBookmarkStores {
        try SQLiteBookmarkStores(path: nil, logger: logger, unavailable: (path, reason))
    }

    private init(path: String?, logger: Logger, unavailable: (path: String, reason: String)? = nil) throws {
        self.path = unavailable?.path ?? path ?? ":memory:"
        self.unavailableReason = unavailable?.reason
        self.logger = logger
        do {
            queue = try DurableDatabase.queue(path: path, label: "BookmarkStore")
            try SQLiteBookmarkStore.migrator.migrate(queue)
        } catch {
            throw BookmarkStoreError.unreadable(path: self.path, reason: SQLiteBookmarkStore.reason(error))
        }
    }

    /// Deletes every bookmark of `person` and their undo history; their store, if made, then lists
    /// none (and tells its observers).
    public func erase(_ person: PersonID) throws {
        if let unavailableReason { throw BookmarkStoreError.unreadable(path: path, reason: unavailableReason) }
        do {
            let deleted = try queue.write { db in
                let before = db.totalChangesCount
                try db.execute(sql: "DELETE FROM bookmark WHERE person = ?", arguments: [person.rawValue])
                try db.execute(sql: "DELETE FROM bookmark_history WHERE person = ?", arguments: [person.rawValue])
                return db.totalChangesCount - before
            }
            DurableDatabase.forgetDeletedRows(queue, deleted: deleted)
        } catch {
            throw BookmarkStoreError.writeFailed(path: path, reason: SQLiteBookmarkStore.reason(error))
        }
        // Every store of the person reads again on its next use: also one being made outside the
        // lock at this moment, from before the delete, and one a request still holds.
        commits.increment()
        // The person's store, if open pages hold it, lists nothing now (and tells them).
        stores.value(for: person)?.reload()
    }

    public func isBookmarked(_ movieID: Int, source: Bookmark.Source, by person: PersonID) throws -> Bool {
        guard unavailableReason == nil else { return false }
        do {
            // (Asked by the movie page on every request.)
            return try DurableDatabase.readOne(
                queue, "SELECT EXISTS (SELECT 1 FROM bookmark WHERE person = ? AND source = ? AND movie_id = ?)"
            ) { try Bool.fetchOne($0, arguments: [person.rawValue, source.rawValue, movieID]) ?? false }
        } catch {
            throw BookmarkStoreError.unreadable(path: path, reason: SQLiteBookmarkStore.reason(error))
        }
    }

    /// The persons among `persons` who have at least one bookmark.
    public func personsWithBookmarks(among persons: [PersonID]) throws -> Set<PersonID> {
        guard !persons.isEmpty else { return [] }
        let ids = try queue.read { db in
            try Int64.fetchAll(
                db,
                sql:
                    "SELECT DISTINCT person FROM bookmark WHERE person IN (\(databaseQuestionMarks(count: persons.count)))",
                arguments: StatementArguments(persons.map(\.rawValue)))
        }
        return Set(ids.map(PersonID.init(rawValue:)))
    }

    /// How many stores are in memory now.
    var keptCount: Int { stores.count }

    /// Counts this process's commits to the file: a store forgotten while a request still used it
    /// may commit after a new store of the same person was read, and SQLite's `data_version` does
    /// not change for a connection's own commits, so every store also reads again when this moved.
    let commits = CommitCounter()

    /// `person`'s bookmarks: the same store for every call.
    ///
    /// Beyond ``limit`` stores, the least recently used that nobody observes (no open page) are
    /// forgotten; they are read again from the file when next needed.
    public func store(for person: PersonID) throws -> any BookmarkStore { try sqliteStore(for: person) }

    /// `person`'s store, as the SQLite store it is.
    ///
    /// A new store is read outside the lock, so that one person's first request never waits for
    /// another's read; when two requests of one person race, the first store kept is the one used.
    func sqliteStore(for person: PersonID) throws -> SQLiteBookmarkStore {
        if let store = stores.value(for: person) { return store }
        let made = try SQLiteBookmarkStore(
            queue: queue, person: person, path: path, unavailableReason: unavailableReason, commits: commits,
            logger: logger)
        return stores.value(for: person) { made }
    }
}

/// How many commits this process made to a bookmarks file (see ``SQLiteBookmarkStores/commits``).
final class CommitCounter: Sendable {
    private let count = Atomic<Int>(0)
    var value: Int { count.load(ordering: .acquiring) }
    func increment() { count.add(1, ordering: .releasing) }
}
