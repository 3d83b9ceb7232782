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
        // And one wanted movie is read by itself, only the person's own
        #expect(try store.wanted(302, by: alice)?.title == "Muumit")
        #expect(try store.wanted(302, by: bob) == nil)
        #expect(try store.wanted(301, by: bob)?.wantedAt == start)
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
        #expect(try store.wanted(301, by: alice) == store.wanted(by: alice).first { $0.movieID == 301 })
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
        #expect(try store.wanted(301, by: alice) == nil)
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

    @Test(arguments: TestBackend.onDisk) func aWeeklyDigestIsOffUntilTurnedOnAndEachSlotIsTakenOnce(
        kind: TestBackend
    ) throws {
        let store = try kind.makeWantedMovies()
        // Given Wednesday 21 October 2026, 12:00 in Helsinki (summer time)
        let wednesday = HelsinkiTime.instant(of: LocalDate(year: 2026, month: 10, day: 21), hour: 12, minute: 0)
        #expect(try store.digest(of: alice) == nil)
        // When A turns on a digest for Fridays at 18, by push only, and B one for Mondays at 8
        let friday = try #require(WeeklyDigest.Settings(weekday: 5, hour: 18, push: true, feed: false))
        try store.setDigest(friday, of: alice, now: wednesday)
        try store.setDigest(
            WeeklyDigest.Settings(weekday: 1, hour: 8, push: false, feed: true), of: bob, now: wednesday)
        // Then A's first is due on Friday 23 October at 18:00 Helsinki time (15:00 UTC)
        let slot = HelsinkiTime.instant(of: LocalDate(year: 2026, month: 10, day: 23), hour: 18, minute: 0)
        #expect(slot.timeIntervalSince1970 == 1_792_767_600)
        #expect(try store.digest(of: alice)?.nextSlot == slot && (try store.digest(of: alice)?.settings) == friday)
        #expect(try store.digestsDue(at: slot.addingTimeInterval(-1), after: nil, limit: 10).isEmpty)
        let due = try store.digestsDue(at: slot.addingTimeInterval(60), after: nil, limit: 10)
        #expect(due.map(\.person) == [alice])
        // When one instance takes the slot, another that tries too is refused
        let next = friday.slot(after: slot)
        let sent = WeeklyDigest.Sent(slot: slot, title: "Your list this week: 1 movie", text: "On: Dune")
        #expect(try store.markDigestSent(sent, of: alice, next: next))
        #expect(try store.markDigestSent(sent, of: alice, next: next) == false)
        // Then the next is a week on, at 18:00 on the wall clock across the end of summer time
        // (Friday 30 October, 16:00 UTC), nothing is due until then, and the one sent is kept
        #expect(next == HelsinkiTime.instant(of: LocalDate(year: 2026, month: 10, day: 30), hour: 18, minute: 0))
        #expect(next.timeIntervalSince1970 - slot.timeIntervalSince1970 == 7 * 86_400 + 3_600)
        #expect(try store.digestsDue(at: slot.addingTimeInterval(3_600), after: nil, limit: 10).isEmpty)
        #expect(try store.digest(of: alice)?.last == sent)
        // And the due ones are read page by page in person order
        let monday = HelsinkiTime.instant(of: LocalDate(year: 2026, month: 11, day: 2), hour: 9, minute: 0)
        let page = try store.digestsDue(at: monday, after: nil, limit: 1)
        #expect(page.map(\.person) == [alice])
        #expect(try store.digestsDue(at: monday, after: alice, limit: 1).map(\.person) == [bob])
        // When A moves it, the slot moves and the last one sent stays; when B turns it off, it is gone
        try store.setDigest(WeeklyDigest.Settings(weekday: 6, hour: 10, push: true, feed: true), of: alice, now: slot)
        #expect(try store.digest(of: alice)?.settings.weekday == 6 && (try store.digest(of: alice)?.last) == sent)
        try store.setDigest(nil, of: bob, now: slot)
        #expect(try store.digest(of: bob) == nil)
        // And it is erased with the person
        try store.erase(alice)
        #expect(try store.digest(of: alice) == nil)
    }

    @Test func digestSettingsThatAreNoneAreRefused() {
        #expect(WeeklyDigest.Settings(weekday: 0, hour: 18, push: true, feed: true) == nil)
        #expect(WeeklyDigest.Settings(weekday: 8, hour: 18, push: true, feed: true) == nil)
        #expect(WeeklyDigest.Settings(weekday: 1, hour: 24, push: true, feed: true) == nil)
        #expect(WeeklyDigest.Settings(weekday: 1, hour: -1, push: true, feed: true) == nil)
        #expect(WeeklyDigest.Settings(weekday: 1, hour: 8, push: false, feed: false) == nil)
        #expect(WeeklyDigest.Settings(weekday: 7, hour: 0, push: false, feed: true) != nil)
    }

    @Test func aFileThatIsNotADatabaseIsAnError() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("wanted-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("not a database".utf8).write(to: folder.appendingPathComponent(SQLiteWantedMovies.fileName))
        #expect(throws: WantedMoviesError.self) { try SQLiteWantedMovies(dataDirectory: folder) }
    }
}
