import AppPatterns
import Foundation
import NIOConcurrencyHelpers

/// The last uses of sessions that a ``PersonStore`` has not written yet, by token hash.
///
/// A page view is a read: the use it makes is kept here and written with the others `delay` after
/// the first (or when the store calls ``PersonStore/writeTouches()``), so no page view waits for a
/// disk write. 10,000 persons' first views in a minute were 10,000 synchronous writes before (670
/// pages a second on SQLite; over PostgreSQL a commit that waits for its WAL flush each). A crash
/// forgets at most `delay` of them, which only matters to the 30- and 180-day limits.
///
/// The store says how to write them; this keeps them and the time.
package final class SessionTouches: Sendable {
    package typealias Touch = (person: Int64, at: Double)

    private let pending = NIOLockedValueBox<[Data: Touch]>([:])
    private let write: DelayedWrite

    package init(delay: Duration) {
        write = DelayedWrite(delay: delay)
    }

    /// Whether no use is kept.
    package var isEmpty: Bool {
        pending.withLockedValue { $0.isEmpty }
    }

    /// The last use of the session `hash` kept here, if one is.
    package func lastUse(of hash: Data) -> Double? {
        pending.withLockedValue { $0[hash]?.at }
    }

    /// Keeps a use of the session `hash` by `person` at `seconds`, and has `writer` called within
    /// the delay (once for all the uses kept until then). `writer` says whether it wrote them.
    package func note(_ hash: Data, person: Int64, at seconds: Double, writer: @escaping @Sendable () -> Bool) {
        pending.withLockedValue { $0[hash] = (person, seconds) }
        // A failed write put the uses back: they are tried again after the same delay.
        write.schedule(writer)
    }

    /// The uses kept, taken out: the caller writes them, or gives them back.
    package func take() -> [Data: Touch] {
        pending.withLockedValue { pending in
            defer { pending = [:] }
            return pending
        }
    }

    /// Uses taken that could not be written, kept again (a newer use of a session wins).
    package func giveBack(_ uses: [Data: Touch]) {
        pending.withLockedValue { $0.merge(uses) { newer, _ in newer } }
    }
}
