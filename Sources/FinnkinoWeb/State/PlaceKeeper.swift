import AppPatterns
import FinnkinoKit
import FinnkinoPresentation
import Logging
import NIOConcurrencyHelpers
import Synchronization

/// The app's place (``AppPlace``): restored from its memento at start, updated as pages are
/// viewed, and saved again whenever it changes, so that after a restart `/` opens where the user
/// left off and each tab comes back as it was.
///
/// There is one place per person (``PersonStates``), not one per browser: a person's devices
/// share it, as they share the person's bookmarks.
final class PlaceKeeper: PlaceKeeping {
    private let store: MementoStore<AppPlace>
    private let current: NIOLockedValueBox<AppPlace>
    /// Set when the person is erased: a request still holding this keeper saves nothing after.
    private let closed = Atomic(false)
    private let logger: Logger

    /// The place kept under `key` in `storage` (``key(of:)``).
    init(storage: any SnapshotStorage, key: String = "place", logger: Logger) {
        store = MementoStore(
            key: key, version: AppPlace.formatVersion, defaultState: AppPlace(), storage: storage, logger: logger)
        current = NIOLockedValueBox(store.restore())
        self.logger = logger
    }

    /// The key of `person`'s place: `place` for the local person (as before there were persons),
    /// `place.<id>` for the others.
    static func key(of person: PersonID) -> String {
        person == .local ? "place" : "place.\(person.rawValue)"
    }

    var place: AppPlace { current.withLockedValue { $0 } }

    /// Saves nothing from now on (the person's place was erased). Taken under the same lock as
    /// a save, so a save in progress finishes before and none starts after.
    func close() {
        current.withLockedValue { _ in closed.store(true, ordering: .releasing) }
    }

    /// The language and home area the user chose last (read per request: only these fields, not a
    /// copy of the place).
    var choices: (language: UILanguage?, homeArea: Int?) { current.withLockedValue { ($0.language, $0.homeArea) } }

    /// Applies `change`; saves the place when it differs from before. A failed save is logged: the
    /// page is served all the same.
    func update(_ change: (inout AppPlace) -> Void) {
        current.withLockedValue { place in
            var changed = place
            change(&changed)
            guard changed != place, !closed.load(ordering: .acquiring) else { return }
            place = changed
            do { try store.save(changed) } catch { logger.warning("the app's place was not saved: \(error)") }
        }
    }
}
