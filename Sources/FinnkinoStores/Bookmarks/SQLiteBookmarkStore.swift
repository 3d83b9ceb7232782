import AppPatterns
import FinnkinoKit
import Foundation
import GRDB
import Logging
import NIOConcurrencyHelpers

/// One person's ``BookmarkStore`` in the bookmarks file of every person (through GRDB; see
/// ``SQLiteBookmarkStores``, which makes one store per person).
///
/// Every change is a ``BookmarkCommand`` applied together with the updated ``CommandHistory`` in
/// one transaction, so an undo in another process (the CLI, or the server after a restart) undoes
/// the last change. The file is in WAL mode with `synchronous = FULL`: a change that returned has
/// reached the disk and survives `kill -9`. One connection serialises concurrent callers; changes
/// by other processes are noticed (`PRAGMA data_version`) on the next read.
public final class SQLiteBookmarkStore: BookmarkStore {
    /// The file name in the data directory.
    public static let fileName = "bookmarks.sqlite"

    public typealias History = BookmarkHistory

    /// The bookmarks, newest first, sent again after every change (by this process, or by another
    /// one as soon as this store reads: see ``refresh()``).
    public let bookmarks: Subject<[Bookmark]>

    /// Whose bookmarks these are.
    public let person: PersonID
    /// Where the database is (`:memory:` for an in-memory store).
    public let path: String
    /// Why the bookmarks cannot be used, for a store made by ``unavailable(path:reason:logger:)``;
    /// nil for a working one.
    public let unavailableReason: String?
    private let queue: DatabaseQueue
    private let cache: NIOLockedValueBox<Snapshot>
    private let commits: CommitCounter
    private let logger: Logger

    /// What this process last read, and the database's change counters at that time (other
    /// connections' commits, and this process's: ``SQLiteBookmarkStores/commits``).
    private struct Snapshot: Sendable {
        var dataVersion: Int?
        var commits: Int
        /// Read when first asked for: most stores only answer whether a movie is bookmarked (a
        /// visitor's movie page), and the history is a JSON document to decode.
        var history: History?
    }

    /// The local person's bookmarks in the database at `url` (see ``SQLiteBookmarkStores/init(url:logger:)``).
    ///
    /// - Throws: ``BookmarkStoreError/unreadable(path:reason:)`` when the file is not a readable
    ///   bookmarks database; it is left untouched.
    public convenience init(url: URL, logger: Logger = Logger(label: "BookmarkStore")) throws {
        let stores = try SQLiteBookmarkStores(url: url, logger: logger)
        try self.init(
            queue: stores.queue, person: .local, path: stores.path, unavailableReason: nil, commits: stores.commits,
            logger: logger)
    }

    /// The local person's bookmarks in `bookmarks.sqlite` of the app's data directory.
    public convenience init(dataDirectory: URL, logger: Logger = Logger(label: "BookmarkStore")) throws {
        try self.init(url: dataDirectory.appendingPathComponent(Self.fileName), logger: logger)
    }

    /// The local person's bookmarks in memory, gone with the process (for tests and previews).
    public static func inMemory(logger: Logger = Logger(label: "BookmarkStore")) throws -> SQLiteBookmarkStore {
        try SQLiteBookmarkStores.inMemory(logger: logger).sqliteStore(for: .local)
    }

    /// A store that stands for a bookmarks file at `path` which could not be opened: it lists no
    /// bookmarks and refuses every change with ``BookmarkStoreError/unreadable(path:reason:)``.
    /// The server serves everything else with it, and a banner says why bookmarks are missing; the
    /// file itself is left untouched for its owner to repair or remove.
    public static func unavailable(
        path: String, reason: String, logger: Logger = Logger(label: "BookmarkStore")
    ) throws -> SQLiteBookmarkStore {
        try SQLiteBookmarkStores.unavailable(path: path, reason: reason, logger: logger).sqliteStore(for: .local)
    }

    /// `person`'s store on an open, migrated database (made by ``BookmarkStores``).
    init(
        queue: DatabaseQueue, person: PersonID, path: String, unavailableReason: String?, commits: CommitCounter,
        logger: Logger
    ) throws {
        self.path = path
        self.commits = commits
        self.person = person
        self.unavailableReason = unavailableReason
        self.logger = logger
        self.queue = queue
        do {
            let committed = commits.value
            let (version, bookmarks) = try queue.read { db in
                (try Self.dataVersion(db), try SQLiteBookmarkTable(db: db, person: person).all(logger: logger))
            }
            self.bookmarks = Subject(bookmarks)
            cache = NIOLockedValueBox(Snapshot(dataVersion: version, commits: committed, history: nil))
        } catch {
            throw BookmarkStoreError.unreadable(path: path, reason: Self.reason(error))
        }
    }

    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.execute(
                sql: """
                    CREATE TABLE bookmark (
                        source TEXT NOT NULL,
                        movieID INTEGER NOT NULL,
                        title TEXT NOT NULL,
                        originalTitle TEXT NOT NULL,
                        posterURL TEXT,
                        addedAt REAL NOT NULL, -- seconds since 2001-01-01 UTC, exactly as Date keeps them
                        PRIMARY KEY (source, movieID)
                    );
                    CREATE INDEX bookmark_addedAt ON bookmark(addedAt);
                    CREATE TABLE commandHistory (
                        id INTEGER PRIMARY KEY CHECK (id = 1),
                        json BLOB NOT NULL
                    );
                    """)
        }
        // Every person's bookmarks in one file: what v1 held is the local person's (ID 1).
        migrator.registerMigration("v2 persons") { db in
            try db.execute(
                sql: """
                    CREATE TABLE personBookmark (
                        person INTEGER NOT NULL,
                        source TEXT NOT NULL,
                        movieID INTEGER NOT NULL,
                        title TEXT NOT NULL,
                        originalTitle TEXT NOT NULL,
                        posterURL TEXT,
                        addedAt REAL NOT NULL, -- seconds since 2001-01-01 UTC, exactly as Date keeps them
                        PRIMARY KEY (person, source, movieID)
                    );
                    INSERT INTO personBookmark
                        SELECT 1, source, movieID, title, originalTitle, posterURL, addedAt FROM bookmark;
                    DROP TABLE bookmark;
                    ALTER TABLE personBookmark RENAME TO bookmark;
                    CREATE INDEX bookmark_person_addedAt ON bookmark(person, addedAt);
                    CREATE TABLE personHistory (
                        person INTEGER PRIMARY KEY,
                        json BLOB NOT NULL
                    );
                    INSERT INTO personHistory SELECT 1, json FROM commandHistory;
                    DROP TABLE commandHistory;
                    ALTER TABLE personHistory RENAME TO commandHistory;
                    """)
        }
        // One naming scheme with PostgreSQL's tables (snake_case), so the same names mean the same
        // thing on both backends and `finnkino migrate --from-sqlite` copies by name.
        migrator.registerMigration("one naming scheme") { db in
            try db.execute(
                sql: """
                    ALTER TABLE bookmark RENAME COLUMN movieID TO movie_id;
                    ALTER TABLE bookmark RENAME COLUMN originalTitle TO original_title;
                    ALTER TABLE bookmark RENAME COLUMN posterURL TO poster_url;
                    ALTER TABLE bookmark RENAME COLUMN addedAt TO added_at;
                    ALTER TABLE commandHistory RENAME TO bookmark_history;
                    """)
        }
        return migrator
    }

    // MARK: Reading

    /// Every bookmark, newest first (changes by other processes included).
    public func all() -> [Bookmark] {
        refresh()
        return bookmarks.value
    }

    /// Whether a movie is bookmarked.
    public func contains(movieID: Int, source: Bookmark.Source) -> Bool {
        all().contains { $0.movieID == movieID && $0.source == source }
    }

    /// The undo history as saved (changes by other processes included), read in the same
    /// transaction as the list it goes with (the first time it is asked for: `Snapshot.history`).
    public var history: History {
        do {
            return try queue.read { db in
                try synchronize(db, force: false)
                if let history = cache.withLockedValue({ $0.history }) { return history }
                let history = try Self.loadHistory(db, person: person, logger: logger)
                cache.withLockedValue { $0.history = history }
                return history
            }
        } catch {
            logger.warning("bookmarks \(path): cannot read the undo history: \(Self.reason(error))")
            return cache.withLockedValue { $0.history } ?? History(limit: BookmarkLimits.undoDepth)
        }
    }

    /// Reads the database again if another process changed it since this store last looked, and
    /// then sends the new list to the observers of ``bookmarks``. Cheap when nothing changed (one
    /// pragma). A read error is logged and the last list kept.
    public func refresh() {
        do {
            try queue.read { db in try synchronize(db, force: false) }
        } catch {
            logger.warning("bookmarks \(path): cannot read: \(Self.reason(error)); keeping the last list")
        }
    }

    /// Reads the list and history again and sends the list (after the file changed under this
    /// connection, as when a person is erased).
    func reload() {
        do {
            try queue.read { db in try synchronize(db, force: true) }
        } catch {
            logger.warning("bookmarks \(path): cannot read: \(Self.reason(error)); keeping the last list")
        }
    }

    // MARK: Changing

    /// Bookmarks a movie. Returns false (and records nothing) when it was already bookmarked.
    @discardableResult
    public func add(_ bookmark: Bookmark) throws -> Bool {
        try change { table, _ in try BookmarkCommand.adding(bookmark, to: table) } != nil
    }

    /// Removes the bookmarks of these movies, of any catalogue, as one change.
    @discardableResult
    public func remove(_ keys: some Collection<Bookmark.Key>) throws -> [Bookmark] {
        let wanted = Set(keys)
        return try change { table, _ in try BookmarkCommand.removing(wanted, from: table) }?.bookmarks ?? []
    }

    /// Undoes the last change (made by any process). Returns it, or nil when there was none.
    @discardableResult
    public func undo() throws -> BookmarkCommand? {
        try apply { table, history in try history.undo(on: &table) }
    }

    /// Redoes the last undone change. Returns it, or nil when there was none.
    @discardableResult
    public func redo() throws -> BookmarkCommand? {
        try apply { table, history in try history.redo(on: &table) }
    }

    /// Checks the whole file (SQLite's integrity check) and throws when it is damaged.
    public func verifyIntegrity() throws {
        let result = try queue.read { db in try String.fetchAll(db, sql: "PRAGMA integrity_check") }
        guard result == ["ok"] else {
            throw BookmarkStoreError.unreadable(path: path, reason: result.joined(separator: "; "))
        }
    }

    /// Makes the command `decide` returns (nil: nothing to do), executes it and records it.
    private func change(_ decide: (any BookmarkTable, History) throws -> BookmarkCommand?) throws -> BookmarkCommand? {
        try apply { table, history in
            guard let command = try decide(table, history) else { return nil }
            try history.perform(command, on: &table)
            return command
        }
    }

    /// Runs `body` on the stored history in one immediate transaction, saves the history when
    /// `body` returns a command, and sends the new list.
    private func apply(
        _ body: (inout any BookmarkTable, inout History) throws -> BookmarkCommand?
    ) throws -> BookmarkCommand? {
        if let unavailableReason { throw BookmarkStoreError.unreadable(path: path, reason: unavailableReason) }
        do {
            return try queue.writeWithoutTransaction { db in
                var command: BookmarkCommand?
                try db.inTransaction(.immediate) {
                    var table: any BookmarkTable = SQLiteBookmarkTable(db: db, person: person)
                    var history = try Self.loadHistory(db, person: person, logger: logger)
                    command = try body(&table, &history)
                    guard command != nil else { return .rollback }
                    try db.execute(
                        sql: "INSERT OR REPLACE INTO bookmark_history (person, json) VALUES (?, ?)",
                        arguments: [person.rawValue, try JSONEncoder().encode(history)])
                    return .commit
                }
                if command != nil { commits.increment() }
                try synchronize(db, force: command != nil)
                return command
            }
        } catch let error as BookmarkStoreError {
            throw error
        } catch {
            throw BookmarkStoreError.writeFailed(path: path, reason: Self.reason(error))
        }
    }

    /// Reloads the list and history when forced or when another connection committed since the
    /// last look; sends the list when it changed. Runs inside the queue, so reloads are ordered.
    private func synchronize(_ db: Database, force: Bool) throws {
        let version = try Self.dataVersion(db)
        let committed = commits.value
        guard force || cache.withLockedValue({ $0.dataVersion != version || $0.commits != committed }) else { return }
        let list = try SQLiteBookmarkTable(db: db, person: person).all(logger: logger)
        // The history is read again only if it was read at all (see `Snapshot.history`).
        let history =
            cache.withLockedValue({ $0.history }) == nil
            ? nil : try Self.loadHistory(db, person: person, logger: logger)
        cache.withLockedValue { $0 = Snapshot(dataVersion: version, commits: committed, history: history) }
        bookmarks.replace { $0 == list ? nil : list }
    }

    private static func dataVersion(_ db: Database) throws -> Int {
        try Int.fetchOne(db, sql: "PRAGMA data_version") ?? 0
    }

    /// The saved history; an unreadable one is logged and replaced by an empty history (the
    /// bookmarks themselves are kept).
    private static func loadHistory(_ db: Database, person: PersonID, logger: Logger) throws -> History {
        guard
            let json = try Data.fetchOne(
                db, sql: "SELECT json FROM bookmark_history WHERE person = ?", arguments: [person.rawValue])
        else {
            return History(limit: BookmarkLimits.undoDepth)
        }
        do {
            return try JSONDecoder().decode(History.self, from: json)
        } catch {
            logger.warning("bookmarks: the undo history cannot be read (\(error)); starting a new one")
            return History(limit: BookmarkLimits.undoDepth)
        }
    }

    static func reason(_ error: any Error) -> String {
        if let error = error as? DatabaseError { return error.message ?? error.description }
        return "\(error)"
    }
}
