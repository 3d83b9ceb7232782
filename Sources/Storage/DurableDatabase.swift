import Foundation
import GRDB

/// How the app's own stores open their SQLite files (through GRDB).
public enum DurableDatabase {
    /// Every connection: a change that returned survives a power cut (`synchronous = FULL`), and a
    /// row deleted is overwritten with zeros in its page (`secure_delete`), not left in the file's
    /// free space for anyone who reads the file later.
    static let pragmas = "PRAGMA synchronous = FULL; PRAGMA secure_delete = ON"

    /// A connection to a file keeps at most this many KiB of its pages in memory (SQLite's default
    /// is 2,000 a connection). A server keeps a pool of connections to the persons' file open for
    /// weeks, and a reader's cache is emptied by any write anyway (WAL readers start again after
    /// a change); the operating system's page cache keeps the file's pages once for all of them.
    /// Measured: SQLite's caches held 7.4 MB of the hosted benchmark's heap (docs/PERFORMANCE.md).
    /// A database in memory is all pages, and keeps its default.
    static let pageCacheKiB = 512
    static let filePragmas = pragmas + "; PRAGMA cache_size = -\(pageCacheKiB)"

    /// After a person's rows are deleted: the write-ahead log, which still holds the pages as they
    /// were before (with the deleted rows), is copied into the file and emptied (a `TRUNCATE`
    /// checkpoint), so the deleted bytes are in no file of the store any more. A checkpoint that
    /// cannot finish now (a reader is in the log) is left to SQLite's next one: erasure succeeded.
    /// `deleted`: how many rows the erasure deleted (`Database.totalChangesCount` before and
    /// after); nothing deleted, nothing to forget (no checkpoint, no disk flush).
    public static func forgetDeletedRows(_ writer: some DatabaseWriter, deleted: Int) {
        guard deleted > 0 else { return }
        _ = try? writer.writeWithoutTransaction { db in try db.checkpoint(.truncate) }
    }
    /// A connection of its own to `path`'s file, read-only, for ``readOne(_:_:_:)`` on a store
    /// that `writer` (a ``pool(path:label:foreignKeys:)``, which made the file WAL) writes; in
    /// memory (nil), `writer` itself. A pool checks a reader out for every read (GRDB's `Pool`
    /// finds a free one through a key path it makes anew each time) and asks SQLite for the
    /// schema's version before it: with 100,000 persons, where every request read its person's
    /// session and place, the two were 4 µs a read under perf (docs/PERFORMANCE.md). One point
    /// read takes a few µs, so reads queued on one connection seldom wait.
    public static func pointReader(
        path: String?, beside writer: any DatabaseWriter, label: String
    ) throws -> any DatabaseReader {
        guard let path else { return writer }
        var configuration = Configuration()
        configuration.label = label + ".pointReader"
        configuration.readonly = true
        configuration.busyMode = .timeout(10)
        configuration.prepareDatabase { db in try db.execute(sql: "PRAGMA cache_size = -\(Self.pageCacheKiB)") }
        return try DatabaseQueue(path: path, configuration: configuration)
    }

    /// `sql`, one SELECT asked on a hot path (a page, every request), with `fetch`: its statement
    /// compiled once (GRDB's cache, per connection), and run without the transaction and read-only
    /// switch of `read`. Those add four statements, and under the switch SQLite prepared even a
    /// cached statement again (`sqlite3_prepare_v3` was 17.5% of a movie page's CPU; with 100,000
    /// persons, where every request read its person's session and place, 9%); one statement reads
    /// a consistent state by itself. A pool's readers are read-only connections anyway.
    public static func readOne<T>(
        _ reader: some DatabaseReader, _ sql: String, _ fetch: (Statement) throws -> T
    ) throws -> T {
        try reader.unsafeRead { db in try fetch(db.cachedStatement(sql: sql)) }
    }

    /// Runs `sql`, a change made on a hot path (a batch of thousands), within the caller's
    /// transaction `db`, its statement compiled once (GRDB's cache).
    public static func execute(_ db: Database, _ sql: String, _ arguments: StatementArguments) throws {
        try db.cachedStatement(sql: sql).execute(arguments: arguments)
    }

    /// A queue on the file at `path` (in memory when nil) in WAL mode with `synchronous = FULL`, so
    /// that a change that returned survives `kill -9`, waiting up to 10 s for a file another
    /// process is writing. `label` names it in GRDB's errors; `foreignKeys` turns their checks on.
    public static func queue(path: String?, label: String, foreignKeys: Bool = false) throws -> DatabaseQueue {
        var configuration = Configuration()
        configuration.label = label
        configuration.busyMode = .timeout(10)
        configuration.foreignKeysEnabled = foreignKeys
        guard let path else {
            configuration.prepareDatabase { db in try db.execute(sql: Self.pragmas) }
            return try DatabaseQueue(configuration: configuration)
        }
        configuration.prepareDatabase { db in try db.execute(sql: Self.filePragmas) }
        let queue = try DatabaseQueue(path: path, configuration: configuration)
        // WAL is a property of the file: set once, kept by every later connection.
        try queue.writeWithoutTransaction { db in _ = try String.fetchOne(db, sql: "PRAGMA journal_mode = WAL") }
        return queue
    }

    /// A store's queue on `fileName` in `directory` (the folder made when missing), or in memory
    /// when `directory` is nil, brought up to date by `migrator`.
    public static func queue(
        file fileName: String, in directory: URL?, label: String, migrator: DatabaseMigrator
    ) throws -> DatabaseQueue {
        var path: String?
        if let directory {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            path = directory.appendingPathComponent(fileName).path
        }
        let queue = try queue(path: path, label: label)
        try migrator.migrate(queue)
        return queue
    }

    /// Like ``queue(path:label:foreignKeys:)``, but a file is opened as a pool: reads go on while
    /// a write waits for the disk (WAL readers never wait for the writer). For stores read on every
    /// request and written in batches; in memory (nil) it is a queue.
    public static func pool(path: String?, label: String, foreignKeys: Bool = false) throws -> any DatabaseWriter {
        guard let path else { return try queue(path: nil, label: label, foreignKeys: foreignKeys) }
        var configuration = Configuration()
        configuration.label = label
        configuration.busyMode = .timeout(10)
        configuration.foreignKeysEnabled = foreignKeys
        configuration.prepareDatabase { db in try db.execute(sql: Self.filePragmas) }
        let pool = try DatabasePool(path: path, configuration: configuration)  // a pool is always WAL
        // GRDB sets `synchronous = NORMAL` on the pool's writer when it turns WAL on (after
        // `prepareDatabase`): FULL again, so that a change that returned also survives a power cut.
        try pool.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA synchronous = FULL") }
        return pool
    }
}
