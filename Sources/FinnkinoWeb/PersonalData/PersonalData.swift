import AppPatterns
import Crypto
import FinnkinoKit
import Foundation

/// One kind of thing the server keeps of each person, as "Download my data", "Delete me" and the
/// sweep of persons nobody uses see it: what it puts in the person's document, how it is erased,
/// and whether it keeps a person from the sweep.
///
/// Every kind is in ``PersonalDataRegistry/kinds``, and those three go through that list only:
/// a kind added there is downloaded, erased and swept with no other change. A kind kept in a store
/// of its own names it in ``stores``: `PersonalDataRegistryTests` requires every table with a
/// `person` column, on SQLite and on PostgreSQL, to be one of a registered store's.
protocol PersonalData: Sendable {
    /// The stores it is kept in (none for what is kept otherwise: a place, an open editor).
    var stores: [any PersonalStore] { get }
    /// Adds its part of "Download my data" for `person`.
    func export(of person: PersonID, into document: inout PersonDataDocument) throws
    /// Erases it of `person`.
    func erase(_ person: PersonID) async throws
    /// Of `persons`, those this keeps from the sweep of idle persons (they have something of
    /// their own here they would miss); none by default.
    func personsKept(among persons: [PersonID]) throws -> Set<PersonID>
}

extension PersonalData {
    func personsKept(among persons: [PersonID]) throws -> Set<PersonID> { [] }
}

/// Every kind of ``PersonalData`` the server keeps: the one place a new one is registered.
///
/// The order is the order of erasing: first what could still write (open editors and their
/// export jobs: a worker running one stops and keeps nothing), then the rest, and the person
/// with their devices last.
struct PersonalDataRegistry: Sendable {
    let kinds: [any PersonalData]
    /// The persons and their devices: the last of ``kinds``, and what the sweep asks who is idle.
    let persons: any PersonStore

    init(
        persons: any PersonStore, bookmarks: any BookmarkStores, library: any VideoLibrary,
        wanted: any WantedMovies, pushSubscriptions: any PushSubscriptions, apiTokens: any APITokens,
        watchlists: any Watchlists, together: any TogetherGroups, editors: EditorSessions,
        people: PersonStates, places: any SnapshotStorage, feedKey: SymmetricKey
    ) {
        self.persons = persons
        kinds = [
            EditorsData(sessions: editors),
            VideosData(library: library),
            BookmarksData(bookmarks: bookmarks),
            WantedData(wanted: wanted, feedKey: feedKey),
            PushData(subscriptions: pushSubscriptions),
            APITokensData(tokens: apiTokens),
            WatchlistsData(watchlists: watchlists),
            TogetherData(together: together),
            PlaceData(people: people, storage: places),
            DevicesData(persons: persons),
        ]
    }

    /// Every store the kinds are kept in.
    var stores: [any PersonalStore] { kinds.flatMap(\.stores) }

    /// Why a store cannot be used now; nil when all can.
    var unavailableReason: String? {
        stores.lazy.compactMap { store in store.unavailableReason.map { "\(type(of: store)): \($0)" } }.first
    }
}
