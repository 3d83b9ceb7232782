import Foundation
import Storage

/// The backends a store's contract runs on, each test once per backend: the one way a store suite
/// is parameterised (`@Test(arguments: TestBackend.onDisk)`). SQLite always; PostgreSQL on the
/// server `scripts/test` starts (``TestPostgres``), each store on a fresh schema of it.
public enum TestBackend: String, Sendable, CustomStringConvertible {
    /// SQLite in memory: for the stores that offer it (the CLI's and the tests' own).
    case sqliteInMemory
    /// SQLite in files of a fresh folder.
    case sqlite
    case postgres

    public var description: String { rawValue }

    /// SQLite in files, and PostgreSQL when the test server is there.
    public static var onDisk: [TestBackend] { TestPostgres.isAvailable ? [.sqlite, .postgres] : [.sqlite] }

    /// Those, and SQLite in memory.
    public static var all: [TestBackend] { [.sqliteInMemory] + onDisk }

    /// A new, empty store on this backend, and the folder its files are in (nil when it keeps none):
    /// `sqlite` is given a fresh folder, `postgres` a pool on a fresh schema; `sqliteInMemory` is
    /// asked of a store that has that kind only.
    public func make<Store>(
        inMemory: (() throws -> Store)? = nil, sqlite: (URL) throws -> Store, postgres: (PostgresPool) throws -> Store
    ) throws -> (store: Store, folder: URL?) {
        switch self {
        case .sqliteInMemory:
            guard let inMemory else { throw NoKindInMemory() }
            return (try inMemory(), nil)
        case .sqlite:
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("store-\(UUID().uuidString)")
            return (try sqlite(folder), folder)
        case .postgres:
            return (try postgres(TestPostgres.freshPool()), nil)
        }
    }

    /// Asked for SQLite in memory of a store that has no such kind.
    public struct NoKindInMemory: Error {}

    /// Removes what ``make(inMemory:sqlite:postgres:)`` made in `folder`.
    public func remove(_ folder: URL?) {
        if let folder { try? FileManager.default.removeItem(at: folder) }
    }
}
