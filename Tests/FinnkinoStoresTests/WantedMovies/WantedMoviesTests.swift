import Foundation
import TestSupport
import Testing

@testable import FinnkinoKit
@testable import FinnkinoStores

/// Every kind of ``WantedMovies`` the server can run on; the tests taking one are the contract.
extension TestBackend {
    /// New, empty wanted movies on this backend.
    func makeWantedMovies() throws -> any WantedMovies {
        try make(
            sqlite: { try SQLiteWantedMovies(dataDirectory: $0) }, postgres: { try PostgresWantedMovies(pool: $0) }
        )
        .store
    }
}

/// The wanted movies: each person's own, read by the check all at once page by page, announced
/// once, limited, erased with the person.
@Suite(.timeLimit(.minutes(3))) struct WantedMoviesTests {
    let alice = PersonID(rawValue: 7)
    let bob = PersonID(rawValue: 8)
    let carol = PersonID(rawValue: 9)
    let start = Date(timeIntervalSince1970: 1_795_000_000)

    @Test(arguments: TestBackend.onDisk) func eachPersonsWantsAreTheirsAndAnnouncedOnce(
        kind: TestBackend
    ) throws {
        let store = try kind.makeWantedMovies()
        // Given A wanting two movies and B one of the same
        #expect(try store.want(301, title: "Dyyni", by: alice, now: start))
        #expect(try store.want(302, title: "Muumit", by: alice, now: start.addingTimeInterval(60)))
        #expect(try store.want(301, title: "Dune", by: bob, now: start))
        // Then each reads only theirs, newest first
        #expect(try store.wanted(by: alice).map(\.movieID) == [302, 301])
        #expect(try store.wanted(by: bob).map(\.title) == ["Dune"])
        // And the check reads everyone's waiting ones in pages, in (person, movie) order
        let first = try store.waiting(after: nil, limit: 2)
        #expect(first.map { [$0.person.rawValue, Int64($0.movieID)] } == [[7, 301], [7, 302]])
        let next = try store.waiting(after: (first[1].person, first[1].movieID), limit: 2)
        #expect(next.map { [$0.person.rawValue, Int64($0.movieID)] } == [[8, 301]])
        // When A's 301 is announced, only the first mark counts (another instance's is refused)
        let told = start.addingTimeInterval(3600)
        let announcement = Announcement(
            person: alice, movieID: 301, title: "Dyyni", area: 1021, theatre: "Plevna, Tampere",
            firstShow: told.addingTimeInterval(86_400), salesStart: told.addingTimeInterval(3600), showCount: 3)
        #expect(try store.markAnnounced(announcement, at: told))
        #expect(try store.markAnnounced(announcement, at: told) == false)
        let unwanted = Announcement(
            person: alice, movieID: 999, title: "X", area: 1, theatre: "Y", firstShow: told, salesStart: nil,
            showCount: 1)
        #expect(try store.markAnnounced(unwanted, at: told) == false)
        // Then it waits no more, and reads as announced
        #expect(try store.waiting(after: nil, limit: 10).map(\.movieID) == [302, 301])
        #expect(try store.wanted(by: alice).first { $0.movieID == 301 }?.announcedAt == told)
        #expect(try store.wanted(by: alice).first { $0.movieID == 301 }?.announcement == announcement)
        // When A asks again, it waits again
        #expect(try store.want(301, title: "Dyyni", by: alice, now: told))
        #expect(try store.wanted(by: alice).first { $0.movieID == 301 }?.announcedAt == nil)
        #expect(try store.wanted(by: alice).first { $0.movieID == 301 }?.announcement == nil)
        #expect(try store.personsWanting(among: [alice, carol, bob]) == [alice, bob])
        #expect(try store.personsWanting(among: []).isEmpty)
        // And the feeds' generation is each person's, counted up by a renewal, gone with the person
        #expect(try store.feedGeneration(of: alice) == 0)
        #expect(try store.renewFeeds(of: alice) == 1 && (try store.renewFeeds(of: alice)) == 2)
        #expect(try store.feedGeneration(of: alice) == 2 && (try store.feedGeneration(of: bob)) == 0)
        // When A no longer wants 302, and then is erased, B's are untouched
        try store.unwant(302, by: alice)
        #expect(try store.wanted(by: alice).map(\.movieID) == [301])
        try store.erase(alice)
        #expect(try store.wanted(by: alice).isEmpty)
        #expect(try store.waiting(after: nil, limit: 10).map(\.person) == [bob])
        #expect(try store.feedGeneration(of: alice) == 0)
    }

    @Test(arguments: TestBackend.onDisk) func onePersonCannotWantMoreThanTheLimit(kind: TestBackend) throws {
        let store = try kind.makeWantedMovies()
        let limit = WantedMovieLimits.perPerson
        for movie in 1...limit { #expect(try store.want(movie, title: "M\(movie)", by: alice, now: start)) }
        // A movie more is refused; asking again for one already wanted is not
        #expect(try store.want(limit + 1, title: "Liikaa", by: alice, now: start) == false)
        #expect(try store.want(1, title: "M1", by: alice, now: start.addingTimeInterval(1)))
        #expect(try store.wanted(by: alice).count == limit)
        // and another person's are their own
        #expect(try store.want(limit + 1, title: "B", by: bob, now: start))
    }

    @Test func aFileThatIsNotADatabaseIsAnError() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("wanted-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("not a database".utf8).write(to: folder.appendingPathComponent(SQLiteWantedMovies.fileName))
        #expect(throws: WantedMoviesError.self) { try SQLiteWantedMovies(dataDirectory: folder) }
    }
}
