import Foundation
import NIOConcurrencyHelpers
import Testing

@testable import AppPatterns

/// A token bucket per key: bursts up to the limit, refills over the window, keys independent,
/// memory bounded.
@Suite struct RateLimiterTests {
    final class Time: Sendable {
        let seconds = NIOLockedValueBox(0.0)
        func advance(_ by: Double) { seconds.withLockedValue { $0 += by } }
        var now: Date { Date(timeIntervalSince1970: 1_000_000 + seconds.withLockedValue { $0 }) }
    }

    @Test func aKeyGetsItsLimitThenOneEventPerShareOfTheWindow() {
        let time = Time()
        let limiter = RateLimiter<String>(limit: 5, per: 600, now: { time.now })
        // Five at once are allowed, the sixth is not
        #expect((0..<5).allSatisfy { _ in limiter.allow("a") })
        #expect(!limiter.allow("a"))
        // Another key is not affected
        #expect(limiter.allow("b"))
        // After a fifth of the window, one more; then none until the next fifth
        time.advance(119)
        #expect(!limiter.allow("a"))
        time.advance(1)
        #expect(limiter.allow("a"))
        #expect(!limiter.allow("a"))
        // After a whole quiet window, the full burst again, and no more
        time.advance(10_000)
        #expect((0..<5).allSatisfy { _ in limiter.allow("a") })
        #expect(!limiter.allow("a"))
    }

    @Test func aRefusedKeyIsToldHowLongToWait() throws {
        let time = Time()
        let limiter = RateLimiter<String>(limit: 60, per: 60, now: { time.now })
        // Sixty at once are allowed (no wait), the sixty-first waits a second
        #expect((0..<60).allSatisfy { _ in limiter.wait(for: "a") == nil })
        let wait = try #require(limiter.wait(for: "a"))
        #expect(abs(wait - 1) < 0.001)
        // Half a second later, half a second is left
        time.advance(0.5)
        #expect(abs((limiter.wait(for: "a") ?? 0) - 0.5) < 0.001)
        time.advance(0.5)
        #expect(limiter.wait(for: "a") == nil)
    }

    @Test func keysAreBoundedAndALimitedKeyIsRemembered() {
        let time = Time()
        let limiter = RateLimiter<Int>(limit: 2, per: 60, maxKeys: 100, now: { time.now })
        // When a thousand keys come, each once, ten seconds apart
        for key in 0..<1000 {
            time.advance(10)
            _ = limiter.allow(key)
        }
        // Then no more than the bound are remembered
        #expect(limiter.keyCount <= 100)
        // And a key that used its budget among many new ones is still refused
        #expect(limiter.allow(-1) && limiter.allow(-1))
        for key in 1000..<1150 { _ = limiter.allow(key) }
        #expect(!limiter.allow(-1))
        #expect(limiter.keyCount <= 100)
    }
}
