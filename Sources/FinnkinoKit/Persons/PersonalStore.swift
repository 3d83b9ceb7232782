/// A store that keeps something of each person, in tables of its own: bookmarks, videos, wanted
/// movies, push subscriptions, export jobs, the persons and their sessions. Each store contract
/// (``BookmarkStores``, ``VideoLibrary``, …) is one, and erases a person in its own words
/// (`erase(_:)`, with its own error).
///
/// What a person has is erased, downloaded and swept through one registry of these stores
/// (`PersonalDataRegistry` in FinnkinoWeb), never through a list written out by hand; the test
/// `PersonalDataRegistryTests` lists every table of both backends' schemas and requires each
/// table with a `person` column to be one of a registered store's ``personTables``. So a new
/// store that is not registered fails that test instead of being left behind by "Delete me".
public protocol PersonalStore: Sendable {
    /// The tables holding its persons' rows (`wanted_movie`, `feed_generation`): the same names on
    /// SQLite and on PostgreSQL, with the same columns.
    var personTables: [String] { get }
    /// Why it cannot be used now (its file could not be opened): then nothing is erased or swept,
    /// which would leave part of a person behind. Nil when it can be used.
    var unavailableReason: String? { get }
}

extension PersonalStore {
    public var unavailableReason: String? { nil }
}
