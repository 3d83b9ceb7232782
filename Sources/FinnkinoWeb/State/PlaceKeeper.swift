import AppPatterns
import FinnkinoKit
import FinnkinoPresentation
import Logging
import Synchronization

/// The app's place (``AppPlace``): restored from its memento at start, updated as pages are
/// viewed, and saved again whenever it changes, so that after a restart `/` opens where the user
/// left off and each tab comes back as it was.
///
/// There is one place per person (``PersonStates``), not one per browser: a person's devices
/// share it, as they share the person's bookmarks.
///
/// A hosted server keeps one for each of up to 10,000 persons, so a keeper holds only what is the
/// person's: their place under a lock, and their ID. Where places are saved is one
/// ``PlaceKeeper/Storage`` for all of them (a memento store, a snapshot storage and a logger in each
/// keeper made it about 700 bytes; this is about 250).
final class PlaceKeeper: PlaceKeeping {
    /// Where every person's place is saved, shared by their keepers.
    final class Storage: Sendable {
        let snapshots: any SnapshotStorage
        let logger: Logger

        init(_ snapshots: any SnapshotStorage, logger: Logger) {
            self.snapshots = snapshots
            self.logger = logger
        }

        /// The mementos of `person`'s place (made for each read or save: a few words, kept by
        /// nobody).
        func mementos(of person: PersonID) -> MementoStore<AppPlace> {
            MementoStore(
                key: PlaceKeeper.key(of: person), version: AppPlace.formatVersion, defaultState: AppPlace(),
                storage: snapshots, logger: logger)
        }
    }

    private let storage: Storage
    private let person: PersonID
    /// The place, and whether the person was erased: a request still holding this keeper saves
    /// nothing after.
    private let state: Mutex<(place: AppPlace, closed: Bool)>

    /// `person`'s place as saved in `storage`.
    init(storage: Storage, person: PersonID) {
        self.storage = storage
        self.person = person
        state = Mutex((storage.mementos(of: person).restore(), false))
    }

    /// The key of `person`'s place: `place` for the local person (as before there were persons),
    /// `place.<id>` for the others.
    static func key(of person: PersonID) -> String {
        person == .local ? "place" : "place.\(person.rawValue)"
    }

    var place: AppPlace { state.withLock { $0.place } }

    /// Saves nothing from now on (the person's place was erased). Taken under the same lock as
    /// a save, so a save in progress finishes before and none starts after.
    func close() {
        state.withLock { $0.closed = true }
    }

    /// The language and home area the user chose last (read per request: only these fields, not a
    /// copy of the place).
    var choices: (language: UILanguage?, homeArea: Int?) { state.withLock { ($0.place.language, $0.place.homeArea) } }

    /// Applies `change`; saves the place when it differs from before. A failed save is logged: the
    /// page is served all the same.
    func update(_ change: (inout AppPlace) -> Void) {
        state.withLock { state in
            var changed = state.place
            change(&changed)
            guard changed != state.place, !state.closed else { return }
            state.place = changed
            do {
                try storage.mementos(of: person).save(changed)
            } catch {
                storage.logger.warning("the app's place was not saved: \(error)")
            }
        }
    }
}
