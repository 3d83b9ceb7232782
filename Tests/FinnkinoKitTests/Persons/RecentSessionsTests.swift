import FinnkinoKit
import Foundation
import Testing

@Suite struct RecentSessionsTests {
    private static func hash(_ byte: UInt8) -> Data { Data(repeating: byte, count: 32) }

    @Test func beyondItsLimitTheLeastRecentlyUsedSessionIsForgottenNotAll() {
        // Given sessions kept up to the limit, the oldest of them then used again
        let recent = RecentSessions(limit: 3)
        for byte: UInt8 in 1...3 {
            recent.keep(Self.hash(byte), person: PersonID(rawValue: Int64(byte)), lastUsed: 100, mark: recent.mark())
        }
        #expect(recent.person(of: Self.hash(1), at: 110) == PersonID(rawValue: 1))
        // When one more is kept
        recent.keep(Self.hash(4), person: PersonID(rawValue: 4), lastUsed: 100, mark: recent.mark())
        // Then only the least recently used one is forgotten (the memory used to empty at once,
        // and every person using the app was read again)
        #expect(recent.person(of: Self.hash(2), at: 110) == nil)
        #expect(recent.person(of: Self.hash(1), at: 110) == PersonID(rawValue: 1))
        #expect(recent.person(of: Self.hash(3), at: 110) == PersonID(rawValue: 3))
        #expect(recent.person(of: Self.hash(4), at: 110) == PersonID(rawValue: 4))
        #expect(recent.count == 3)
    }

    @Test func aSessionReadWhileAnotherWasForgottenIsNotKeptAndForgettingIsByPerson() {
        let recent = RecentSessions(limit: 10)
        recent.keep(Self.hash(1), person: PersonID(rawValue: 7), lastUsed: 100, mark: recent.mark())
        recent.keep(Self.hash(2), person: PersonID(rawValue: 7), lastUsed: 100, mark: recent.mark())
        recent.keep(Self.hash(3), person: PersonID(rawValue: 8), lastUsed: 100, mark: recent.mark())
        // Given a read that began before a sign-out
        let mark = recent.mark()
        recent.forget(sessionsOf: PersonID(rawValue: 7))
        // When what it read is kept
        recent.keep(Self.hash(1), person: PersonID(rawValue: 7), lastUsed: 100, mark: mark)
        // Then it is not: the person's sessions are gone, the other person's stays
        #expect(recent.person(of: Self.hash(1), at: 110) == nil)
        #expect(recent.person(of: Self.hash(2), at: 110) == nil)
        #expect(recent.person(of: Self.hash(3), at: 110) == PersonID(rawValue: 8))
        // And a session last used longer ago than the touch interval is read again
        #expect(recent.person(of: Self.hash(3), at: 100 + RecentSessions.touchInterval + 1) == nil)
    }

    @Test func aSessionsKeyIsItsHashsBytesAndLength() {
        #expect(SessionKey(Self.hash(1)) == SessionKey(Self.hash(1)))
        #expect(SessionKey(Self.hash(1)) != SessionKey(Self.hash(2)))
        var last = Self.hash(1)
        last[31] = 2
        #expect(SessionKey(last) != SessionKey(Self.hash(1)))
        #expect(SessionKey(Data(count: 31)) != SessionKey(Data(count: 32)))
        #expect(Set([SessionKey(Self.hash(1)), SessionKey(Self.hash(1)), SessionKey(last)]).count == 2)
    }
}
