import Foundation
import Testing

@testable import FinnkinoKit
@testable import FinnkinoPresentation

/// The weekly digest's words: the heartbeat first, then the followed movies that play in the week
/// from its slot (each show once, whichever areas list it), soonest first.
@Suite struct WeeklyDigestWriterTests {
    static let day = LocalDate(year: 2026, month: 11, day: 27)
    static let slot = HelsinkiTime.instant(of: day, hour: 17, minute: 0)
    static let next = HelsinkiTime.instant(of: day.adding(days: 7), hour: 17, minute: 0)

    let sample: Show

    init() async throws {
        let store = try PresentationFixtures.bundledStore()
        sample = try #require(try await store.showtimes(area: 1014, date: PresentationFixtures.today).value.first)
    }

    func show(_ id: Int, movie: Int, title: String, on day: LocalDate, at hour: Int) -> Show {
        var show = sample
        show.id = id
        show.eventID = movie
        show.title = title
        show.start = HelsinkiTime.instant(of: day, hour: hour, minute: 0)
        show.theatre = "Tennispalatsi, Helsinki"
        return show
    }

    @Test func theWeeksMoviesOfTheListSoonestFirstWithTheirShowsCountedOnce() {
        let day = Self.day
        let shows = [
            // Dune: twice this week, and listed again by a second area; once the week after
            show(1, movie: 10, title: "Dune", on: day.adding(days: 2), at: 18),
            show(2, movie: 10, title: "Dune", on: day.adding(days: 3), at: 21),
            show(1, movie: 10, title: "Dune", on: day.adding(days: 2), at: 18),
            show(3, movie: 10, title: "Dune", on: day.adding(days: 7), at: 18),
            // Muumit: once, on the slot's evening; before the slot it does not count
            show(4, movie: 20, title: "Muumit", on: day, at: 19),
            show(5, movie: 20, title: "Muumit", on: day, at: 12),
            // A movie nobody here follows
            show(6, movie: 30, title: "Other", on: day, at: 20),
        ]
        let digest = WeeklyDigestWriter.digest(
            followed: [10, 20, 40], shows: shows, slot: Self.slot, next: Self.next, language: .en)
        #expect(digest.slot == Self.slot)
        #expect(digest.title == "Your list this week: 2 movies")
        #expect(
            digest.text.components(separatedBy: "\n") == [
                "Your weekly digest is on: next Fri 4.12. 17:00.",
                "Muumit: 1 show, first Fri 27.11. 19:00, Tennispalatsi, Helsinki",
                "Dune: 2 shows, first Sun 29.11. 18:00, Tennispalatsi, Helsinki",
            ])
        let finnish = WeeklyDigestWriter.digest(
            followed: [20], shows: shows, slot: Self.slot, next: Self.next, language: .fi)
        #expect(finnish.title == "Listasi tällä viikolla: 1 elokuva")
    }

    @Test func aWeekWithNothingOnStillSaysTheDigestWorks() {
        let digest = WeeklyDigestWriter.digest(
            followed: [10], shows: [show(1, movie: 30, title: "Other", on: Self.day, at: 20)], slot: Self.slot,
            next: Self.next, language: .sv)
        #expect(digest.title == "Din lista den här veckan: inga föreställningar")
        #expect(
            digest.text == "Veckosammandraget är på: nästa fre 4.12. 17:00.\n"
                + DigestStrings.swedish.nothingThisWeek)
    }
}
