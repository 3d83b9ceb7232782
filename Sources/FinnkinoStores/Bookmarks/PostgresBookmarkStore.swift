import AppPatterns
import FinnkinoKit
import Foundation
import Logging
import NIOConcurrencyHelpers
import PostgresNIO
import Storage

/// One person's ``BookmarkStore`` in PostgreSQL, shared by every instance of the server (made by
/// ``PostgresBookmarkStores``).
///
/// Every change locks the person's history row (`SELECT … FOR UPDATE`) and applies the command
/// with the updated ``CommandHistory`` in that transaction: two instances changing one person's
/// bookmarks at once are serialised, so no change is lost and the undo history stays one.
///
/// Each change also gives the person's row a new revision, from one sequence (so a revision is
/// never used twice, not even after the person was erased). A read asks for the revision (one
/// single-row query, as SQLite's `data_version`) and gets the list with it only when it moved, so
/// a list is never staler than the last commit of any instance (but for the first look at a store
/// just made, which the read that made it serves: see ``all()``). The change's `NOTIFY` makes every
/// instance send the new list to the pages open there (``PostgresBookmarkStores`` listens).
public final class PostgresBookmarkStore: BookmarkStore {
    public typealias History = BookmarkHistory

    public let bookmarks: Subject<[Bookmark]>
    public let person: PersonID
    /// The database's address, without its password.
    public let path: String
    public let unavailableReason: String? = nil
    private let pool: PostgresPool
    private let logger: Logger
    /// The revision the list in ``bookmarks`` was read at (nil inside: the person had no row);
    /// nil before the first read.
    private let readAt = NIOLockedValueBox<Int64??>(nil)
    /// Serialises reads, so that an older list is never sent after a newer one.
    private let reading = NIOLock()
    /// When ``init`` read the list, until the first look at it (see ``all()``).
    private let madeAt = NIOLockedValueBox<ContinuousClock.Instant?>(nil)

    init(pool: PostgresPool, person: PersonID, logger: Logger) throws {
        self.pool = pool
        self.person = person
        self.logger = logger
        path = pool.location.redacted
        bookmarks = Subject([])
        do {
            try read()
        } catch {
            throw BookmarkStoreError.unreadable(path: path, reason: "\(error)")
        }
        madeAt.withLockedValue { $0 = .now }
    }

    static func migrations(into migrator: inout PostgresMigrator) {
        migrator.register(
            "bookmarks v1",
            [
                """
                CREATE TABLE bookmark (
                    person BIGINT NOT NULL,
                    source TEXT NOT NULL,
                    movie_id BIGINT NOT NULL,
                    title TEXT NOT NULL,
                    original_title TEXT NOT NULL,
                    poster_url TEXT,
                    added_at DOUBLE PRECISION NOT NULL, -- seconds since 2001-01-01 UTC, exactly as Date keeps them
                    PRIMARY KEY (person, source, movie_id)
                )
                """,
                "CREATE INDEX bookmark_person_added_at ON bookmark (person, added_at)",
                // A person's undo history; its row is also the lock of their changes (json NULL: none
                // yet), and its revision moves with every change (from one sequence: never reused).
                "CREATE SEQUENCE bookmark_revision",
                """
                CREATE TABLE bookmark_history (
                    person BIGINT PRIMARY KEY,
                    json BYTEA,
                    revision BIGINT NOT NULL DEFAULT nextval('bookmark_revision')
                )
                """,
            ])
    }

    // MARK: Reading

    public func all() -> [Bookmark] {
        // The read that made this store serves the first look within a second: the request that
        // makes a person's store (their first in a while on this instance) and then lists their
        // bookmarks reads them once. Every other look asks for the revision.
        let made = madeAt.withLockedValue { made in
            defer { made = nil }
            return made
        }
        if made.map({ $0.duration(to: .now) > .seconds(1) }) ?? true { refresh() }
        return bookmarks.value
    }

    public func contains(movieID: Int, source: Bookmark.Source) -> Bool {
        all().contains { $0.movieID == movieID && $0.source == source }
    }

    public var history: History {
        do {
            return try pool.withSession { session in try Self.loadHistory(session, person: person, logger: logger) }
        } catch {
            logger.warning("bookmarks \(path): cannot read the undo history: \(error)")
            return History(limit: BookmarkLimits.undoDepth)
        }
    }

    /// Reads the list again if any instance changed it since this store last looked, and sends
    /// it to the observers of ``bookmarks`` when it changed. A read error is logged and the last
    /// list kept.
    public func refresh() {
        do {
            try read()
        } catch {
            logger.warning("bookmarks \(path): cannot read: \(error); keeping the last list")
        }
    }

    /// Reads the revision, with the list when the revision is not the one last read (one
    /// statement: see ``PostgresBookmarkTable/revisionAndList(unless:logger:)``).
    private func read() throws {
        try reading.withLock { try readWhileReading() }
    }

    private func readWhileReading() throws {
        try pool.withSession { session in
            let read = try PostgresBookmarkTable(session: session, person: person).revisionAndList(
                unless: readAt.withLockedValue { $0 }, logger: logger)
            guard let list = read.list else { return }
            readAt.withLockedValue { $0 = .some(read.revision) }
            bookmarks.replace { $0 == list ? nil : list }
        }
    }

    /// Sends the list after this store's change, which took the rows from revision `before` to
    /// `after`: when the list kept was read at `before`, the change's rows are applied to it
    /// (no read: a person's change costs no query of their whole list); otherwise it is read.
    private func changed(from before: Int64, to after: Int64, rows: BookmarkRowChanges) throws {
        try reading.withLock {
            guard readAt.withLockedValue({ $0 }) == .some(before) else { return try readWhileReading() }
            let list = rows.applied(to: bookmarks.value)
            readAt.withLockedValue { $0 = .some(after) }
            bookmarks.replace { $0 == list ? nil : list }
        }
    }

    // MARK: Changing

    @discardableResult
    public func add(_ bookmark: Bookmark) throws -> Bool {
        try apply { table, history in
            guard let command = try BookmarkCommand.adding(bookmark, to: table) else { return nil }
            try history.perform(command, on: &table)
            return command
        } != nil
    }

    @discardableResult
    public func remove(_ keys: some Collection<Bookmark.Key>) throws -> [Bookmark] {
        let wanted = Set(keys)
        return try apply { table, history in
            guard let command = try BookmarkCommand.removing(wanted, from: table) else { return nil }
            try history.perform(command, on: &table)
            return command
        }?.bookmarks ?? []
    }

    @discardableResult
    public func undo() throws -> BookmarkCommand? {
        try apply { table, history in try history.undo(on: &table) }
    }

    @discardableResult
    public func redo() throws -> BookmarkCommand? {
        try apply { table, history in try history.redo(on: &table) }
    }

    /// Reads every row and the history, and throws when one of them cannot be read.
    public func verifyIntegrity() throws {
        do {
            try pool.withSession { session in
                let rows = try session.query("SELECT count(*) FROM bookmark WHERE person = \(person.rawValue)")
                let readable = try PostgresBookmarkTable(session: session, person: person).all(logger: logger)
                guard try rows.first?.decode(Int.self) == readable.count else {
                    throw BookmarkStoreError.unreadable(path: path, reason: "a bookmark row cannot be read")
                }
                if let json = try Self.storedHistory(session, person: person) {
                    _ = try JSONDecoder().decode(History.self, from: json)
                }
            }
        } catch let error as BookmarkStoreError {
            throw error
        } catch {
            throw BookmarkStoreError.unreadable(path: path, reason: "\(error)")
        }
    }

    /// Runs `body` on the stored history in one transaction that holds the person's history row,
    /// saves the history and notifies every instance when `body` returns a command, then sends
    /// the new list.
    private func apply(
        _ body: (inout any BookmarkTable, inout History) throws -> BookmarkCommand?
    ) throws -> BookmarkCommand? {
        let rows = BookmarkRowChanges()
        let change: (command: BookmarkCommand, before: Int64, after: Int64)?
        do {
            change = try pool.transaction { session in
                try session.execute(
                    "INSERT INTO bookmark_history (person) VALUES (\(person.rawValue)) ON CONFLICT DO NOTHING")
                let locked = try session.query(
                    "SELECT revision, json FROM bookmark_history WHERE person = \(person.rawValue) FOR UPDATE")
                guard let (before, json) = try locked.first?.decode((Int64, Data?).self) else { return nil }
                var table: any BookmarkTable = PostgresBookmarkTable(session: session, person: person, changes: rows)
                var history = Self.history(from: json, logger: logger)
                guard let command = try body(&table, &history) else { return nil }
                let after = try session.query(
                    """
                    UPDATE bookmark_history SET json = \(try JSONEncoder().encode(history)),
                        revision = nextval('bookmark_revision') WHERE person = \(person.rawValue) RETURNING revision
                    """
                ).first?.decode(Int64.self)
                try PostgresBookmarkStores.notify(person, in: session)
                return after.map { (command, before, $0) }
            }
        } catch let error as BookmarkStoreError {
            throw error
        } catch {
            throw BookmarkStoreError.writeFailed(path: path, reason: "\(error)")
        }
        guard let change else { return nil }
        do {
            try changed(from: change.before, to: change.after, rows: rows)
        } catch {
            logger.warning("bookmarks \(path): cannot read after a change: \(error); keeping the last list")
        }
        return change.command
    }

    private static func storedHistory(_ session: PostgresSession, person: PersonID) throws -> Data? {
        try session.query("SELECT json FROM bookmark_history WHERE person = \(person.rawValue)").first?.decode(
            Data?.self) ?? nil
    }

    /// The saved history; an unreadable one is logged and replaced by an empty history.
    private static func loadHistory(_ session: PostgresSession, person: PersonID, logger: Logger) throws -> History {
        history(from: try storedHistory(session, person: person), logger: logger)
    }

    /// The history saved as `json`: empty for none, and for one that does not decode (logged).
    private static func history(from json: Data?, logger: Logger) -> History {
        guard let json else { return History(limit: BookmarkLimits.undoDepth) }
        do {
            return try JSONDecoder().decode(History.self, from: json)
        } catch {
            logger.warning("bookmarks: the undo history cannot be read (\(error)); starting a new one")
            return History(limit: BookmarkLimits.undoDepth)
        }
    }
}
