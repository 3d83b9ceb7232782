import AppPatterns
import Foundation
import NIOConcurrencyHelpers

/// The sessions a ``PersonStore`` found in the last ``touchInterval``, by token
/// hash: a page view of one of them reads nothing from the database.
///
/// Bounded by least-recent use (``limit``). Signing out and erasing forget their entries
/// (``forget(session:)``, ``forget(sessionsOf:)``).
/// A session read from the database while one was being forgotten is not kept: it may be the one
/// signed out (see ``mark()``).
package final class RecentSessions: Sendable {
    /// How often a session's last use is written at most, on every backend: a sign-out elsewhere
    /// is seen within this time.
    package static let touchInterval: Double = 60

    /// Beyond this many sessions the least recently used are forgotten (the memory only saves
    /// reads). It emptied all at once before: every person using the app was read again in the
    /// same moment (issue 41).
    package static let limit = 100_000

    private struct Entry: Sendable {
        let person: PersonID
        let lastUsed: Double
    }

    private let entries: MemoryCache<SessionKey, Entry>
    /// Counts the forgettings: a session read before one is not kept. Taken with an entry kept
    /// (``keep(_:person:lastUsed:mark:)``) and with the forgetting, so that none is kept between.
    private let forgotten = NIOLockedValueBox(0)

    package init(limit: Int = RecentSessions.limit) {
        entries = MemoryCache(countLimit: limit)
    }

    /// The person of the session `hash`, when it was kept and last used at most
    /// ``touchInterval`` before `seconds`.
    package func person(of hash: Data, at seconds: Double) -> PersonID? {
        guard let hit = entries.value(for: SessionKey(hash)), seconds >= hit.lastUsed,
            seconds - hit.lastUsed <= Self.touchInterval
        else { return nil }
        return hit.person
    }

    /// What to pass to ``keep(_:person:lastUsed:mark:)``, taken before the session is read.
    package func mark() -> Int {
        forgotten.withLockedValue { $0 }
    }

    /// Keeps the session `hash` read from the database, unless something was forgotten since
    /// `mark` (``mark()``, taken before the read).
    package func keep(_ hash: Data, person: PersonID, lastUsed: Double, mark: Int) {
        forgotten.withLockedValue { forgotten in
            guard forgotten == mark else { return }
            entries.set(Entry(person: person, lastUsed: lastUsed), for: SessionKey(hash))
        }
    }

    package func forget(session hash: Data) {
        let forgotten = SessionKey(hash)
        forget { key, _ in key == forgotten }
    }

    package func forget(sessionsOf person: PersonID) {
        forget { _, whose in whose == person }
    }

    package func forgetAll() {
        forget { _, _ in true }
    }

    /// How many sessions are kept (for tests).
    package var count: Int { entries.count }

    private func forget(where condition: (SessionKey, PersonID) -> Bool) {
        forgotten.withLockedValue { forgotten in
            forgotten += 1
            entries.removeAll { key, entry in condition(key, entry.person) }
        }
    }
}
