import FinnkinoKit
import Foundation
import NIOConcurrencyHelpers

/// When each session's cookie was last given again, so that it is renewed about once a
/// ``period`` while the browser is used, not on every answer.
///
/// Kept in memory only: a session this instance has not renewed yet (after a start, or forgotten
/// past ``capacity``) is renewed at its next request, which costs one header.
final class SessionCookieRenewals: Sendable {
    let period: TimeInterval
    let capacity: Int
    private let renewed = NIOLockedValueBox<[Data: Date]>([:])

    init(period: TimeInterval, capacity: Int = 100_000) {
        self.period = period
        self.capacity = capacity
    }

    /// Whether `session`'s cookie is due at `now`; when it is, it counts as renewed now.
    func isDue(_ session: SessionToken, now: Date) -> Bool {
        renewed.withLockedValue { renewed in
            if let last = renewed[session.hash], now.timeIntervalSince(last) < period, now >= last { return false }
            if renewed.count >= capacity {
                renewed = renewed.filter { now.timeIntervalSince($0.value) < period }
                if renewed.count >= capacity { renewed.removeAll() }
            }
            renewed[session.hash] = now
            return true
        }
    }
}
