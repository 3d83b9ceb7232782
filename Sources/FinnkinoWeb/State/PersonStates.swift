import AppPatterns
import FinnkinoKit
import FinnkinoPresentation
import Logging
import NIOConcurrencyHelpers

/// What the web app keeps for each person besides their bookmarks: their place (where they left
/// off, their language and home area; saved in the state file) and where they are (for areas by
/// distance; kept for this run only). Made on a person's first request and kept.
///
/// The local person's location is the server's own (`--near`), as before there were persons; any
/// other person starts with none, so that nobody's position reaches anyone else's pages.
final class PersonStates: Sendable {
    struct State: Sendable {
        let place: PlaceKeeper
        /// Made when the person first says where they are (``location(of:)``): most never do, and
        /// a service each for 10,000 persons was heap a hosted server kept for nothing.
        var location: LocationService?
    }

    private let storage: PlaceKeeper.Storage
    private let localLocation: LocationService
    /// The others' states, the least recently used forgotten beyond ``limit``: a person who
    /// comes back after them is read again (their place is saved), and nobody who is using the app
    /// now is.
    private let states = MemoryCache<PersonID, State>(countLimit: PersonStates.limit)
    /// The local person's state, never forgotten (it holds the server's own location).
    private let localState = NIOLockedValueBox<State?>(nil)

    init(storage: any SnapshotStorage, localLocation: LocationService, logger: Logger) {
        self.storage = PlaceKeeper.Storage(storage, logger: logger)
        self.localLocation = localLocation
    }

    /// Forgets `person`'s state, before their place is erased: a request still holding it can
    /// no longer save the place again.
    func forget(_ person: PersonID) {
        let forgotten =
            person == .local
            ? localState.withLockedValue { state in
                defer { state = nil }
                return state
            }
            : states.removeValue(for: person)
        forgotten?.place.close()
    }

    /// How many other persons' states are kept; beyond it the least recently used are forgotten
    /// (places are saved, locations are only for this run anyway). A state takes about 0.3 KB
    /// (docs/PERFORMANCE.md, "The place keepers").
    static let limit = 10_000

    func state(of person: PersonID) -> State {
        // Nobody's state is never kept: what a browser that has changed nothing does is not saved.
        guard person != .nobody else {
            return State(
                place: PlaceKeeper(
                    storage: PlaceKeeper.Storage(InMemorySnapshotStorage(), logger: storage.logger), person: person),
                location: nil)
        }
        return withState(of: person) { $0 }
    }

    /// `person`'s place without keeping their state: the one in memory when they have one (it may
    /// be newer than what is saved), else read from storage and let go. For work that goes through
    /// many persons (the check of wanted movies), which must not push out those using the app now.
    func storedPlace(of person: PersonID) -> AppPlace {
        let kept = person == .local ? localState.withLockedValue { $0 } : states.value(for: person)
        if let kept { return kept.place.place }
        guard person != .nobody else { return AppPlace() }
        return storage.mementos(of: person).restore()
    }

    /// How many persons' states are kept (for tests).
    var count: Int { states.count + (localState.withLockedValue { $0 } == nil ? 0 : 1) }
    /// How many persons have a location service (for tests).
    var locationCount: Int {
        states.values.count { $0.location != nil } + (localState.withLockedValue { $0?.location } == nil ? 0 : 1)
    }

    /// Where `person` is, to be changed: their location service, made on first use.
    func location(of person: PersonID) -> LocationService {
        guard person != .nobody else { return LocationService() }
        return withState(of: person) { state in
            if let location = state.location { return location }
            let location = LocationService()
            state.location = location
            return location
        }
    }

    /// `body` given `person`'s state (made and kept when missing) to read or change, in one step.
    private func withState<Result>(of person: PersonID, _ body: (inout State) -> Result) -> Result {
        let make = {
            State(
                place: PlaceKeeper(storage: self.storage, person: person),
                location: person == .local ? self.localLocation : nil)
        }
        guard person != .local else {
            return localState.withLockedValue { state in
                var kept = state ?? make()
                defer { state = kept }
                return body(&kept)
            }
        }
        // A person not kept has their place read from storage (an SQLite read and a JSON decode)
        // before the cache's lock, not under it: under it, every other person's request waited for
        // that read. With 100,000 persons in turn, where nearly every request is such a person,
        // the server was busy 0.8 of its 2 cores at half the rate (perf, 2026-11-30). When two
        // requests of one person race, the first state kept is the one used; the other's keeper
        // has saved nothing and is let go.
        let made = states.value(for: person) == nil ? make() : nil
        return states.withValue(for: person, orMake: { made ?? make() }, body)
    }
}
