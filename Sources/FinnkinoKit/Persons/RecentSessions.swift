import Foundation
import NIOConcurrencyHelpers

/// The sessions a ``PersonStore`` found in the last ``touchInterval``, by token
/// hash: a page view of one of them reads nothing from the database.
///
/// Signing out and erasing forget their entries (``forget(session:)``, ``forget(sessionsOf:)``).
/// A session read from the database while one was being forgotten is not kept: it may be the one
/// signed out (see ``mark()``).
package final class RecentSessions: Sendable {
    /// How often a session's last use is written at most, on every backend: a sign-out elsewhere
    /// is seen within this time.
    package static let touchInterval: Double = 60

    /// Beyond this many sessions the memory is emptied (it only saves reads).
    package static let limit = 100_000

    private let state = NIOLockedValueBox(State())

    package init() {}
    private struct State {
        var entries: [Data: (person: PersonID, lastUsed: Double)] = [:]
        /// Counts the forgettings: a session read before one is not kept.
        var forgotten = 0
    }

    /// The person of the session `hash`, when it was kept and last used at most
    /// ``touchInterval`` before `seconds`.
    package func person(of hash: Data, at seconds: Double) -> PersonID? {
        guard let hit = state.withLockedValue({ $0.entries[hash] }), seconds >= hit.lastUsed,
            seconds - hit.lastUsed <= Self.touchInterval
        else { return nil }
        return hit.person
    }

    /// What to pass to ``keep(_:person:lastUsed:mark:)``, taken before the session is read.
    package func mark() -> Int {
        state.withLockedValue(\.forgotten)
    }

    /// Keeps the session `hash` read from the database, unless something was forgotten since
    /// `mark` (``mark()``, taken before the read).
    package func keep(_ hash: Data, person: PersonID, lastUsed: Double, mark: Int) {
        state.withLockedValue { state in
            guard state.forgotten == mark else { return }
            if state.entries.count >= Self.limit { state.entries.removeAll() }
            state.entries[hash] = (person, lastUsed)
        }
    }

    package func forget(session hash: Data) {
        forget { key, _ in key == hash }
    }

    package func forget(sessionsOf person: PersonID) {
        forget { _, whose in whose == person }
    }

    package func forgetAll() {
        forget { _, _ in true }
    }

    private func forget(where condition: (Data, PersonID) -> Bool) {
        state.withLockedValue { state in
            state.forgotten += 1
            state.entries = state.entries.filter { !condition($0.key, $0.value.person) }
        }
    }
}
