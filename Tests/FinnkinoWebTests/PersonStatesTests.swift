import AppPatterns
import FinnkinoKit
import Foundation
import Logging
import Testing

@testable import FinnkinoWeb

@Suite struct PersonStatesTests {
    @Test func aPersonsLocationServiceIsMadeOnlyWhenTheySayWhereTheyAreAndIsTheirs() {
        let local = LocationService()
        let people = PersonStates(
            storage: InMemorySnapshotStorage(), localLocation: local, logger: Logger(label: "test"))
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

    @Test func beyondTheLimitTheLeastRecentlyUsedPersonIsForgottenNotEveryone() {
        let people = PersonStates(
            storage: InMemorySnapshotStorage(), localLocation: LocationService(), logger: Logger(label: "test"))
        // Given the local person, and as many others as the limit, the first of them (Alice)
        // opening a page again after all the others and saying where she is
        let local = people.state(of: .local).place
        let alice = PersonID(rawValue: 100)
        for id in 100..<(100 + Int64(PersonStates.limit)) { _ = people.state(of: PersonID(rawValue: id)) }
        let hers = people.state(of: alice).place
        let location = people.location(of: alice)
        // When one more person comes
        _ = people.state(of: PersonID(rawValue: 1_000_000))
        // Then only the least recently used (the second person) is forgotten: Alice, using the app
        // now, keeps her state and location, and the local person is never forgotten
        #expect(people.count == PersonStates.limit + 1)
        #expect(people.state(of: alice).place === hers)
        #expect(people.location(of: alice) === location)
        #expect(people.state(of: .local).place === local)
        #expect(people.count == PersonStates.limit + 1)
        // (the second person is made anew, which forgets the next least recent, the third)
        _ = people.state(of: PersonID(rawValue: 101))
        #expect(people.count == PersonStates.limit + 1)
    }

    @Test func onePersonsSlowPlaceReadHoldsUpNoOtherPersonsRequest() throws {
        let alice = PersonID(rawValue: 7)
        let bob = PersonID(rawValue: 8)
        let storage = GatedSnapshotStorage(gated: PlaceKeeper.key(of: alice))
        let people = PersonStates(storage: storage, localLocation: LocationService(), logger: Logger(label: "test"))
        // Given Alice's first request, whose place is being read from a slow store
        let aliceDone = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            _ = people.state(of: alice)
            aliceDone.signal()
        }
        #expect(storage.entered.wait(timeout: .now() + 20) == .success)
        // When Bob's request comes meanwhile
        let bobDone = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            people.state(of: bob).place.update { $0.tab = .news }
            bobDone.signal()
        }
        // Then it is answered before Alice's read ends (it waited for it when the place was read
        // under the cache's lock)
        let bobAnswered = bobDone.wait(timeout: .now() + 10) == .success
        storage.open()
        #expect(bobAnswered)
        #expect(aliceDone.wait(timeout: .now() + 20) == .success)
        if !bobAnswered { _ = bobDone.wait(timeout: .now() + 20) }
        // And both are kept, Bob's change too
        #expect(people.count == 2)
        #expect(people.state(of: bob).place.place.tab == .news)
    }
}

/// A snapshot storage in memory whose read of one key waits until ``open()``: a slow disk for
/// that key alone.
private final class GatedSnapshotStorage: SnapshotStorage {
    let gated: String
    /// Signalled when a read of the gated key has started.
    let entered = DispatchSemaphore(value: 0)
    private let gate = DispatchSemaphore(value: 0)
    private let kept = InMemorySnapshotStorage()

    init(gated: String) { self.gated = gated }

    func open() { gate.signal() }

    func snapshot(for key: String) throws -> Data? {
        if key == gated {
            entered.signal()
            gate.wait()
            gate.signal()
        }
        return try kept.snapshot(for: key)
    }

    func save(_ data: Data, for key: String) throws { try kept.save(data, for: key) }
    func removeSnapshot(for key: String) throws { try kept.removeSnapshot(for: key) }
}

/// On a hosted server, pages that show distances read a person's location without making one.
@Suite struct HostedLocationTests {
    @Test func viewingPagesMakesNoLocationServiceSayingWhereOneIsMakesOne() async throws {
        let server = try await WebServer.start(hosted: true)
        defer { Task { await server.stop() } }
        var a = HostedBrowser(server)
        var b = HostedBrowser(server)
        // Given two persons (a first change makes a visitor one) browsing the pages that list areas
        // or theatres by distance
        _ = try await a.get("/movies")
        _ = try await b.get("/movies")
        #expect(try await a.post("/settings/language", "language=fi&back=%2Fmovies").status == 303)
        #expect(try await b.post("/settings/language", "language=fi&back=%2Fmovies").status == 303)
        #expect(server.people.count == 2)
        for path in ["/movies", "/movies?area=all&list=now", "/showtimes", "/theatres"] {
            _ = try await a.get(path)
            _ = try await b.get(path)
        }
        #expect(server.people.locationCount == 0)
        // When one says where they are, then that one has a location, and the other still none
        let said = try await a.post("/settings/location", "source=typed&near=tampere&back=%2Fmovies")
        #expect(said.status == 303)
        #expect(server.people.locationCount == 1)
        // (the list names the area nearest to where one is: "Lähin: Tampere, 0 km")
        #expect(try await a.get("/movies").body.contains("Lähin: Tampere"))
        #expect(!(try await b.get("/movies").body.contains("Lähin:")))
    }
}
