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

    private let storage: any SnapshotStorage
    private let localLocation: LocationService
    private let logger: Logger
    private let states = NIOLockedValueBox<[PersonID: State]>([:])

    init(storage: any SnapshotStorage, localLocation: LocationService, logger: Logger) {
        self.storage = storage
        self.localLocation = localLocation
        self.logger = logger
    }

    /// Forgets `person`'s state, before their place is erased: a request still holding it can
    /// no longer save the place again.
    func forget(_ person: PersonID) {
        states.withLockedValue { $0.removeValue(forKey: person) }?.place.close()
    }

    /// How many persons' states are kept; beyond it all but the local person's are forgotten
    /// (places are saved, locations are only for this run anyway).
    static let limit = 10_000

    func state(of person: PersonID) -> State {
        // Nobody's state is never kept: what a browser that has changed nothing does is not saved.
        guard person != .nobody else {
            return State(place: PlaceKeeper(storage: InMemorySnapshotStorage(), logger: logger), location: nil)
        }
        return states.withLockedValue { states in kept(person, in: &states) }
    }

    /// `person`'s place without keeping their state: the one in memory when they have one (it may
    /// be newer than what is saved), else read from storage and let go. For work that goes through
    /// many persons (the check of wanted movies), which must not push out those using the app now.
    func storedPlace(of person: PersonID) -> AppPlace {
        if let kept = states.withLockedValue({ $0[person] }) { return kept.place.place }
        guard person != .nobody else { return AppPlace() }
        return PlaceKeeper(storage: storage, key: PlaceKeeper.key(of: person), logger: logger).place
    }

    /// How many persons' states are kept (for tests).
    var count: Int { states.withLockedValue(\.count) }
    /// How many persons have a location service (for tests).
    var locationCount: Int { states.withLockedValue { $0.values.count { $0.location != nil } } }

    /// Where `person` is, to be changed: their location service, made on first use.
    func location(of person: PersonID) -> LocationService {
        guard person != .nobody else { return LocationService() }
        return states.withLockedValue { states in
            if let location = kept(person, in: &states).location { return location }
            let location = LocationService()
            states[person]?.location = location
            return location
        }
    }

    /// `person`'s state in `states`, made and kept when missing.
    private func kept(_ person: PersonID, in states: inout [PersonID: State]) -> State {
        if let state = states[person] { return state }
        if states.count >= Self.limit { states = states.filter { $0.key == .local } }
        let state = State(
            place: PlaceKeeper(storage: storage, key: PlaceKeeper.key(of: person), logger: logger),
            location: person == .local ? localLocation : nil)
        states[person] = state
        return state
    }
}
