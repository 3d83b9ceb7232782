import AppPatterns
import Foundation
import PostgresNIO
import TestSupport
import Testing

@testable import FinnkinoKit
@testable import FinnkinoStores

/// Sessions across instances: each instance remembers the sessions it found in the last minute,
/// and forgets one as soon as any instance signs it out or erases its person.
@Suite(.enabled(if: TestPostgres.isAvailable), .timeLimit(.minutes(3))) struct PostgresSessionsTests {
    let start = Date(timeIntervalSince1970: 1_795_000_000)

    /// Asks `instance` for the person of `token` until it answers nil, for at most 5 s.
    func waitUntilForgotten(_ token: SessionToken, by instance: PostgresPersonStore) throws -> PersonID? {
        var person: PersonID?
        try pollBlocking(upTo: .seconds(5)) {
            person = try instance.person(of: token, now: start)
            return person == nil
        }
        return person
    }

    @Test func aSignOutThroughOneInstanceHoldsOnTheOtherThatRememberedTheSession() throws {
        let pool = try TestPostgres.freshPool()
        let (a, b) = (try PostgresPersonStore(pool: pool), try PostgresPersonStore(pool: pool))
        // Given a person with two devices, each session found through instance A (and remembered)
        let (person, phone) = try a.newPerson(device: "phone", now: start)
        let laptop = try #require(try a.join(try a.newJoinCode(for: person, now: start), device: "", now: start)).token
        let (other, otherToken) = try a.newPerson(device: "", now: start)
        #expect(try a.person(of: phone, now: start) == person && a.person(of: laptop, now: start) == person)
        #expect(try a.person(of: otherToken, now: start) == other)
        // When the phone is signed out through B, A soon finds no one for it, and still the laptop
        try b.signOut(phone)
        #expect(try waitUntilForgotten(phone, by: a) == nil)
        #expect(try a.person(of: laptop, now: start) == person)
        // When the laptop is signed out from B's Devices page, the same
        let device = try #require(try b.device(of: laptop))
        #expect(try b.signOut(device: device, of: person))
        #expect(try waitUntilForgotten(laptop, by: a) == nil)
        // When the other person is erased through B, A forgets them too
        try b.erase(other)
        #expect(try waitUntilForgotten(otherToken, by: a) == nil)
    }

    @Test func anInstanceThatCannotHearSignOutsRemembersNoSession() throws {
        let pool = try TestPostgres.freshPool()
        let (a, b) = (try PostgresPersonStore(pool: pool), try PostgresPersonStore(pool: pool))
        let (person, token) = try a.newPerson(device: "", now: start)
        #expect(try a.person(of: token, now: start) == person)
        // When A stops hearing the channel (as while its listening connection is lost)
        a.listener.stop()
        #expect(a.isListening == false)
        // Then a sign-out it cannot hear holds at once: it asks the database while not listening
        try b.signOut(token)
        #expect(try a.person(of: token, now: start) == nil)
    }
}
