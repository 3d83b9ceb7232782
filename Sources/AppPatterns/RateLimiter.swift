import Foundation
import NIOConcurrencyHelpers

/// At most `limit` events per `window` for each key (a person, a session, the whole server): a
/// token bucket per key that holds `limit` tokens and refills at `limit` per `window`, so a quiet
/// key may burst up to `limit` and a busy one gets one event every `window / limit`.
///
/// Memory is bounded: beyond `maxKeys`, the keys with the most tokens left are forgotten (a
/// refilled bucket remembers nothing), down to nine tenths of `maxKeys`, so that a flood of new
/// keys cannot make a limiter forget the keys it is holding back.
public final class RateLimiter<Key: Hashable & Sendable>: Sendable {
    public let limit: Int
    public let window: TimeInterval
    public let maxKeys: Int
    private let now: @Sendable () -> Date
    private let buckets = NIOLockedValueBox<[Key: Bucket]>([:])

    private struct Bucket {
        var tokens: Double
        var updated: Date
    }

    public init(
        limit: Int, per window: TimeInterval, maxKeys: Int = 100_000, now: @escaping @Sendable () -> Date = Date.init
    ) {
        precondition(limit > 0 && window > 0 && maxKeys > 0, "a rate limit needs a limit, a window and room for keys")
        self.limit = limit
        self.window = window
        self.maxKeys = maxKeys
        self.now = now
    }

    /// Whether `key` may have one more event now; when it may, the event is counted.
    public func allow(_ key: Key) -> Bool { wait(for: key) == nil }

    /// Nil when `key` may have one more event now (and it is counted); otherwise how long until it
    /// may, in seconds (a `Retry-After`).
    public func wait(for key: Key) -> TimeInterval? {
        let time = now()
        return buckets.withLockedValue { buckets in
            var bucket = buckets[key].map { refilled($0, at: time) } ?? Bucket(tokens: Double(limit), updated: time)
            let allowed = bucket.tokens >= 1
            if allowed { bucket.tokens -= 1 }
            buckets[key] = bucket
            if buckets.count > maxKeys { evict(&buckets, at: time) }
            return allowed ? nil : (1 - bucket.tokens) * window / Double(limit)
        }
    }

    public var keyCount: Int { buckets.withLockedValue { $0.count } }

    private func refilled(_ bucket: Bucket, at time: Date) -> Bucket {
        let elapsed = max(0, time.timeIntervalSince(bucket.updated))
        return Bucket(tokens: min(Double(limit), bucket.tokens + elapsed * Double(limit) / window), updated: time)
    }

    private func evict(_ buckets: inout [Key: Bucket], at time: Date) {
        let kept = buckets.map { ($0.key, refilled($0.value, at: time)) }
            .filter { $0.1.tokens < Double(limit) }
            .sorted { $0.1.tokens < $1.1.tokens }
            .prefix(maxKeys * 9 / 10)
        buckets = Dictionary(uniqueKeysWithValues: kept)
    }
}
