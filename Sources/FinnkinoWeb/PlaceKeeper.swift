import AppPatterns
import FinnkinoKit
import Logging
import Synchronization

/// The app's place (``AppPlace``): restored from its memento at start, updated as pages are
/// viewed, and saved again whenever it changes, so that after a restart `/` opens where the user
/// left off and each tab comes back as it was.
///
/// The app is a personal one, served to its user's own browsers: there is one place, not one per
/// browser (as there is one set of bookmarks).
final class PlaceKeeper: Sendable {
    private let store: MementoStore<AppPlace>
    private let current: Mutex<AppPlace>
    private let logger: Logger

    init(storage: any SnapshotStorage, logger: Logger) {
        store = MementoStore(
            key: "place", version: AppPlace.formatVersion, defaultState: AppPlace(), storage: storage, logger: logger)
        current = Mutex(store.restore())
        self.logger = logger
    }

    var place: AppPlace { current.withLock { $0 } }

    /// The language the user chose last (read per request: only this field, not a copy of the place).
    var language: UILanguage? { current.withLock { $0.language } }

    /// Applies `change`; saves the place when it differs from before. A failed save is logged: the
    /// page is served all the same.
    func update(_ change: (inout AppPlace) -> Void) {
        current.withLock { place in
            var changed = place
            change(&changed)
            guard changed != place else { return }
            place = changed
            do { try store.save(changed) } catch { logger.warning("the app's place was not saved: \(error)") }
        }
    }
}
