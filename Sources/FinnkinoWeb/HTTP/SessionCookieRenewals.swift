import AppPatterns
import FinnkinoKit
import Foundation

/// When each session's cookie was last given again, so that it is renewed about once a
/// ``period`` while the browser is used, not on every answer.
///
/// Kept in memory only: a session this instance has not renewed yet (after a start, or forgotten
/// as the least recently used beyond ``capacity``) is renewed at its next request, which costs one
/// header.
///
/// A session is known here by the first 8 bytes of its token's hash, not all 32 (``SessionKey``):
/// an entry takes 32 bytes and its index's place 12, where the whole hash made them 64 and 44 (about
/// 1 MB less for 10,000 sessions, and 12 MB for the 100,000 kept at most, in arrays of 131,072
/// places and an index of 262,144; issue 41, item 3). Two sessions
/// that shared them (a chance of about 1 in 4 billion among 100,000, and nobody can aim at another's
/// hash, which only the server holds) would share a renewal: one of them renewed a period later.
final class SessionCookieRenewals: Sendable {
    let period: TimeInterval
    private let renewed: MemoryCache<UInt64, Date>
    /// How many sessions' renewals are kept at most.
    var capacity: Int { renewed.countLimit }

    init(period: TimeInterval, capacity: Int = 100_000) {
        self.period = period
        renewed = MemoryCache(countLimit: capacity)
    }

    /// Whether `session`'s cookie is due at `now`; when it is, it counts as renewed now. (Two
    /// requests of one session at once may both renew it: one header too many.)
    func isDue(_ session: SessionToken, now: Date) -> Bool {
        let key = session.hash.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }
        if let last = renewed.value(for: key), now.timeIntervalSince(last) < period, now >= last { return false }
        renewed.set(now, for: key)
        return true
    }

    /// How many sessions are kept (for tests).
    var count: Int { renewed.count }
}
