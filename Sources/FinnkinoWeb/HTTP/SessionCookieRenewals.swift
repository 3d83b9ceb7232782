import AppPatterns
import FinnkinoKit
import Foundation

/// When each session's cookie was last given again, so that it is renewed about once a
/// ``period`` while the browser is used, not on every answer.
///
/// Kept in memory only: a session this instance has not renewed yet (after a start, or forgotten
/// as the least recently used beyond ``capacity``) is renewed at its next request, which costs one
/// header.
final class SessionCookieRenewals: Sendable {
    let period: TimeInterval
    private let renewed: MemoryCache<SessionKey, Date>
    /// How many sessions' renewals are kept at most.
    var capacity: Int { renewed.countLimit }

    init(period: TimeInterval, capacity: Int = 100_000) {
        self.period = period
        renewed = MemoryCache(countLimit: capacity)
    }

    /// Whether `session`'s cookie is due at `now`; when it is, it counts as renewed now. (Two
    /// requests of one session at once may both renew it: one header too many.)
    func isDue(_ session: SessionToken, now: Date) -> Bool {
        let key = SessionKey(session.hash)
        if let last = renewed.value(for: key), now.timeIntervalSince(last) < period, now >= last { return false }
        renewed.set(now, for: key)
        return true
    }

    /// How many sessions are kept (for tests).
    var count: Int { renewed.count }
}
