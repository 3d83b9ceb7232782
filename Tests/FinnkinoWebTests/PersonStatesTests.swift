import AppPatterns
import FinnkinoKit
import Logging
import Testing

@testable import FinnkinoWeb

@Suite struct PersonStatesTests {
    @Test func aPersonsLocationServiceIsMadeOnlyWhenTheySayWhereTheyAreAndIsTheirs() {
        let local = LocationService()
        let people = PersonStates(storage: InMemorySnapshotStorage(), localLocation: local, logger: Logger(label: "test"))
        let alice = PersonID(rawValue: 7)
        let bob = PersonID(rawValue: 8)
        // Given two persons who have only viewed pages: neither has a location service (a hosted
        // server keeps 10,000 persons' states)
        #expect(people.state(of: alice).location == nil && people.state(of: bob).location == nil)
        // When Alice says where she is
        let hers = people.location(of: alice)
        // Then she has that one service from now on, and Bob still has none
        #expect(people.state(of: alice).location === hers && people.location(of: alice) === hers)
        #expect(people.state(of: bob).location == nil)
        // And the local person's is the server's own (--near), as before there were persons
        #expect(people.state(of: .local).location === local && people.location(of: .local) === local)
        // And nobody's is never kept
        #expect(people.location(of: .nobody) !== people.location(of: .nobody))
    }
}
