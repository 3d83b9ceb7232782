import Foundation

/// Why a person's watchlist imports cannot be read or changed.
public struct WatchlistsError: Error, CustomStringConvertible, Equatable {
    public let description: String
    public init(_ description: String) { self.description = description }
}

/// The limits every store of watchlists keeps.
public enum WatchlistLimits {
    /// The most films kept for later, a person: beyond it, the oldest are forgotten (a file gives at
    /// most ``WatchlistFile/maxEntries``).
    public static let keptPerPerson = 2_000
    /// The imports remembered, a person (the newest; only the last can be undone).
    public static let importsPerPerson = 20
}

/// A film of a person's watchlist that is on no programme yet: kept, and matched again when the
/// programme changes.
public struct KeptFilm: Sendable, Equatable, Codable {
    public let id: Int64
    public let entry: WatchlistEntry
    public let keptAt: Date
    /// The import that brought it.
    public let importID: Int64

    public init(id: Int64, entry: WatchlistEntry, keptAt: Date, importID: Int64) {
        self.id = id
        self.entry = entry
        self.keptAt = keptAt
        self.importID = importID
    }
}

/// One import of a watchlist file: what it added, so that it is undone as one step.
public struct WatchlistImport: Sendable, Equatable, Codable {
    public let id: Int64
    /// The file's name as it was sent (for the person to recognise it).
    public let fileName: String
    public let importedAt: Date
    /// The Finnkino movies it made wanted (coming soon) and bookmarked (on now), that the person
    /// had not already.
    public let wanted: [Int]
    public let bookmarked: [Int]
    /// How many of its films were kept for later.
    public let kept: Int

    public init(id: Int64, fileName: String, importedAt: Date, wanted: [Int], bookmarked: [Int], kept: Int) {
        self.id = id
        self.fileName = fileName
        self.importedAt = importedAt
        self.wanted = wanted
        self.bookmarked = bookmarked
        self.kept = kept
    }
}

/// Every person's watchlist imports and the films kept from them. The contract every kind of store
/// keeps (`SQLiteWatchlists`, `PostgresWatchlists`; `WatchlistsTests`).
public protocol Watchlists: PersonalStore {
    /// Records an import of `fileName`: the films it keeps for later (the person's oldest beyond
    /// ``WatchlistLimits/keptPerPerson`` forgotten, and a film kept already not kept twice), and what
    /// it added. The person's oldest imports beyond ``WatchlistLimits/importsPerPerson`` are forgotten
    /// (their kept films stay).
    func record(
        fileName: String, kept: [WatchlistEntry], wanted: [Int], bookmarked: [Int], for person: PersonID, now: Date
    ) throws(WatchlistsError) -> WatchlistImport
    /// The person's imports, newest first.
    func imports(of person: PersonID) throws(WatchlistsError) -> [WatchlistImport]
    /// Forgets the import `id` and the films it kept; returns it (what it added, for the caller to
    /// take back), or nil when the person has no import of that ID.
    func forget(import id: Int64, of person: PersonID) throws(WatchlistsError) -> WatchlistImport?
    /// The person's kept films, oldest first.
    func kept(of person: PersonID) throws(WatchlistsError) -> [KeptFilm]
    /// Forgets these kept films of the person (matched at last).
    func remove(kept ids: [Int64], of person: PersonID) throws(WatchlistsError)
    /// The persons keeping films, in order, after `after`: at most `limit` (the matching pages
    /// through them).
    func personsKeeping(after: PersonID?, limit: Int) throws(WatchlistsError) -> [PersonID]
    /// Forgets every import and kept film of the person.
    func erase(_ person: PersonID) throws(WatchlistsError)
}
