import AppPatterns
import FinnkinoKit
import Foundation
import Testing

@testable import FinnkinoWeb

@Suite struct SessionCookieRenewalsTests {
    private static func token(_ byte: UInt8) -> SessionToken {
        SessionToken(text: Base64URL.encode([UInt8](repeating: byte, count: 32)))!
    }

    @Test func aCookieIsRenewedOnceAPeriodAndBeyondTheCapacityTheLeastRecentlyUsedIsForgotten() {
        let renewals = SessionCookieRenewals(period: 100, capacity: 2)
        let start = Date(timeIntervalSince1970: 1_000)
        let (a, b, c) = (Self.token(1), Self.token(2), Self.token(3))
        // Given two sessions renewed, the first asked again within the period
        #expect(renewals.isDue(a, now: start))
        #expect(renewals.isDue(b, now: start))
        #expect(!renewals.isDue(a, now: start + 10))
        // When a third is renewed
        #expect(renewals.isDue(c, now: start + 20))
        // Then only the least recently used one was forgotten (it is due again), not all
        #expect(renewals.count == 2)
        #expect(!renewals.isDue(a, now: start + 30))
        #expect(renewals.isDue(b, now: start + 30))
        // And once the period is over a kept one is due again
        #expect(renewals.isDue(a, now: start + 110))
    }
}
