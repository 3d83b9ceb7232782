import AppPatterns
import AppPatternsTesting
import Foundation
import Testing

@testable import FinnkinoKit
@testable import FinnkinoPresentation

/// The runs' rules (last chance, rare, back on screen) on the bundled programme and on schedules
/// built for their edges: midnight, the change of summer time, the programme's last day.
@Suite struct ScreenRunsTests {
    static let day = LocalDate(year: 2026, month: 11, day: 23)

    /// One show of the bundled schedule, the others are made from (its fields other than the
    /// movie, the times and the day do not matter to the rules).
    let sample: Show

    init() async throws {
        let store = try PresentationFixtures.bundledStore()
        sample = try #require(try await store.showtimes(area: 1014, date: PresentationFixtures.today).value.first)
    }

    /// A show of `movie` at `hour`:`minute` on `day` (its business day `business`, or the day).
    func show(
        _ id: Int, movie: Int, on day: LocalDate, at hour: Int = 18, _ minute: Int = 0, business: LocalDate? = nil
    ) throws -> Show {
        var show = sample
        show.id = id
        show.eventID = movie
        show.start = HelsinkiTime.instant(of: day, hour: hour, minute: minute)
        show.end = show.start.addingTimeInterval(7_200)
        show.accountingDate = business ?? day
        show.theatre = "Tennispalatsi, Helsinki"
        return show
    }

    /// A movie on every day of the programme `day`…`day + days - 1`, which sets its end.
    func everyDay(_ movie: Int, from day: LocalDate, days: Int, idBase: Int) throws -> [Show] {
        try (0..<days).map { try show(idBase + $0, movie: movie, on: day.adding(days: $0)) }
    }

    @Test func aFinalShowBeforeTheProgrammesLastDayIsALastChance() throws {
        let morning = HelsinkiTime.instant(of: Self.day, hour: 9, minute: 0)
        let shows =
            try everyDay(1, from: Self.day, days: 10, idBase: 100)
            + [try show(200, movie: 2, on: Self.day), try show(201, movie: 2, on: Self.day.adding(days: 3))]
        let runs = ScreenRuns(shows: shows.reversed(), today: Self.day)
        #expect(runs.programmeEnd == Self.day.adding(days: 9))
        // The movie that ends on day 3 of 10 has its last chance there (and two shows: rare too)
        #expect(runs.kinds(of: 2, followed: false, now: morning) == [.lastChance, .rare])
        #expect(runs.run(of: 2)?.lastShowIDs == [201])
        // An event screening's final show in two theatres at once: both are the last chance
        var twin = try show(202, movie: 2, on: Self.day.adding(days: 3))
        twin.theatre = "Omena, Espoo"
        #expect(ScreenRuns(shows: shows + [twin], today: Self.day).run(of: 2)?.lastShowIDs == [201, 202])
        // The movie still on the programme's last day may go on: no last chance
        #expect(runs.kinds(of: 1, followed: false, now: morning).isEmpty)
        #expect(runs.run(of: 1)?.lastShow == nil)
        // The badge points at the final show only
        #expect(
            try runs.show(
                show(201, movie: 2, on: Self.day.adding(days: 3)), is: .lastChance, followed: false, now: morning))
        #expect(try !runs.show(show(200, movie: 2, on: Self.day), is: .lastChance, followed: false, now: morning))
        // Once that show has started, it is no chance any more, nor rare: it has no show left
        let late = HelsinkiTime.instant(of: Self.day.adding(days: 3), hour: 18, minute: 1)
        #expect(runs.kinds(of: 2, followed: false, now: late).isEmpty)
    }

    @Test func aShowAfterMidnightBelongsToTheDayBefore() throws {
        let morning = HelsinkiTime.instant(of: Self.day, hour: 9, minute: 0)
        let end = Self.day.adding(days: 9)
        // Movie 3's last show starts at 00:30 on the calendar day after the programme's end, but the
        // feed lists it on the end's business day: it is on the last day, so no last chance.
        let night = try show(300, movie: 3, on: end.adding(days: 1), at: 0, 30, business: end)
        // Movie 4's last show starts at 00:30 on the last calendar day, listed on the day before:
        // its business day is before the end, so it is a last chance.
        let early = try show(400, movie: 4, on: end, at: 0, 30, business: end.adding(days: -1))
        let shows = try everyDay(1, from: Self.day, days: 10, idBase: 100) + [night, early]
        let runs = ScreenRuns(shows: shows, today: Self.day)
        #expect(runs.programmeEnd == end)
        #expect(runs.kinds(of: 3, followed: false, now: morning).isEmpty)
        #expect(runs.kinds(of: 4, followed: false, now: morning) == [.lastChance])
        // Shows of days before today are not the programme's
        let yesterday = try show(500, movie: 5, on: Self.day.adding(days: -1))
        #expect(ScreenRuns(shows: shows + [yesterday], today: Self.day).run(of: 5) == nil)
    }

    @Test func rareCountsSevenDaysAcrossTheChangeOfSummerTime() throws {
        // Summer time ends on Sunday 25 October 2026 at 04:00 (03:00 again): the week from
        // Thursday 22 October is seven days, not 168 hours.
        let thursday = LocalDate(year: 2026, month: 10, day: 22)
        let now = HelsinkiTime.instant(of: thursday, hour: 9, minute: 0)
        let programme = try everyDay(1, from: thursday, days: 14, idBase: 100)
        let rare = [
            try show(200, movie: 2, on: thursday, at: 21, 0),
            try show(
                201, movie: 2, on: LocalDate(year: 2026, month: 10, day: 25), at: 3, 30,
                business: LocalDate(year: 2026, month: 10, day: 24)),
            // The seventh day's last show, after midnight: still the week's
            try show(
                202, movie: 2, on: LocalDate(year: 2026, month: 10, day: 29), at: 0, 15,
                business: LocalDate(year: 2026, month: 10, day: 28)),
            // The eighth day: not this week
            try show(203, movie: 2, on: LocalDate(year: 2026, month: 10, day: 29), at: 18, 0),
        ]
        let runs = ScreenRuns(shows: programme + rare, today: thursday)
        #expect(runs.run(of: 2)?.showsThisWeek == 3)
        #expect(runs.kinds(of: 2, followed: false, now: now).contains(.rare))
        #expect(
            runs.badges(of: 2, followed: false, now: now, format: DisplayFormat(strings: .english)).map(\.text)
                .contains("Rare: 3 shows in 7 days"))
        // A fourth show in the week makes it not rare
        let more = try show(204, movie: 2, on: LocalDate(year: 2026, month: 10, day: 26))
        let busier = ScreenRuns(shows: programme + rare + [more], today: thursday)
        #expect(busier.run(of: 2)?.showsThisWeek == 4)
        #expect(!busier.kinds(of: 2, followed: false, now: now).contains(.rare))
        // A movie on every day is not rare
        #expect(!runs.kinds(of: 1, followed: false, now: now).contains(.rare))
    }

    @Test func rareNeedsAProgrammeThatReachesTheWeek() throws {
        let now = HelsinkiTime.instant(of: Self.day, hour: 9, minute: 0)
        // A programme of four days: every movie has few shows in it, none is called rare
        let shows = try everyDay(1, from: Self.day, days: 4, idBase: 100) + [try show(200, movie: 2, on: Self.day)]
        let runs = ScreenRuns(shows: shows, today: Self.day)
        #expect(runs.run(of: 1)?.isRare == false)
        #expect(runs.run(of: 2)?.isRare == false)
        // Seven days: the movie with one show is
        let week = try everyDay(1, from: Self.day, days: 7, idBase: 100) + [try show(200, movie: 2, on: Self.day)]
        let weekRuns = ScreenRuns(shows: week, today: Self.day)
        #expect(weekRuns.run(of: 2)?.isRare == true)
        #expect(
            weekRuns.badges(of: 2, followed: false, now: now, format: DisplayFormat(strings: .finnish)).map(\.text)
                .contains("Harvinainen: 1 näytös 7 päivässä"))
    }

    @Test func backOnScreenAfterAWeekWithoutShowsIsToldOnlyToFollowers() throws {
        let now = HelsinkiTime.instant(of: Self.day, hour: 9, minute: 0)
        let programme = try everyDay(1, from: Self.day, days: 14, idBase: 100)
        // Movie 2: day 0, then seven whole days without a show, back on day 8
        let back = [try show(200, movie: 2, on: Self.day), try show(201, movie: 2, on: Self.day.adding(days: 8))]
        // Movie 3: day 0, then six days without, on again on day 7
        let soon = [try show(300, movie: 3, on: Self.day), try show(301, movie: 3, on: Self.day.adding(days: 7))]
        let runs = ScreenRuns(shows: programme + back + soon, today: Self.day)
        #expect(runs.hasReturns)
        #expect(runs.run(of: 2)?.returnShowID == 201)
        #expect(runs.kinds(of: 2, followed: true, now: now).contains(.back))
        #expect(!runs.kinds(of: 2, followed: false, now: now).contains(.back))
        #expect(runs.run(of: 3)?.returnShow == nil)
        #expect(!runs.kinds(of: 3, followed: true, now: now).contains(.back))
        #expect(try runs.show(show(201, movie: 2, on: Self.day.adding(days: 8)), is: .back, followed: true, now: now))
        #expect(try !runs.show(show(200, movie: 2, on: Self.day), is: .back, followed: true, now: now))
        let words = runs.badges(of: 2, followed: true, now: now, format: DisplayFormat(strings: .swedish)).map(\.text)
        #expect(words.contains { $0.hasPrefix("Tillbaka på duken: ") })
        #expect(!ScreenRuns(shows: programme + soon, today: Self.day).hasReturns)
    }

    @Test func aDayWhoseShowsHaveAllStartedReadsNoProgramme() async throws {
        let now = PresentationFixtures.morning
        let today = PresentationFixtures.today
        // Given a source that records what it is asked (and answers nothing), for each day
        for (offset, asked) in [(-7, false), (-2, false), (-1, true), (0, true), (3, true)] {
            let transport = StubTransport(.failure(TransportError(.unreachable, "connection refused")))
            let store = FeedStore(webService: WebService(transport: transport))
            let day = today.adding(days: offset)
            // When the runs of the area's programme are loaded for the shows of that day
            let runs = await ScreenRuns.load(area: 1002, store: store, now: now, forShowsOf: day)
            // Then the programme is asked for unless every show of the day has started: a day
            // before yesterday (yesterday's business day may have a show after midnight to come)
            let programmes = transport.receivedRequests.filter { $0.description.contains("nrOfDays") }
            #expect(programmes.isEmpty == !asked, "day \(offset)")
            #expect(transport.receivedRequests.count == programmes.count, "day \(offset)")
            #expect(ScreenRuns.mayPoint(atShowsOf: day, now: now) == asked, "day \(offset)")
            #expect(runs.programmeEnd == nil)
        }
    }

    @Test func theBundledProgrammeKeepsTheRules() async throws {
        // Given the bundled programme of every area, read as the pages read it
        let store = try PresentationFixtures.bundledStore()
        let now = PresentationFixtures.morning
        let today = PresentationFixtures.today
        var lastChances = 0
        var rare = 0
        for area in try await store.areas().value.map(\.id) {
            let shows = try await store.programme(area: area, from: today).value
            let runs = await ScreenRuns.load(area: area, store: store, now: now)
            // Then the programme's end is its last business day
            let days = Set(shows.map { $0.accountingDate ?? HelsinkiTime.localDate(of: $0.start) })
            guard let end = days.max() else { continue }
            #expect(runs.programmeEnd == end)
            for (movie, own) in Dictionary(grouping: shows, by: \.eventID) {
                let ownDays = own.map { $0.accountingDate ?? HelsinkiTime.localDate(of: $0.start) }
                let kinds = runs.kinds(of: movie, followed: false, now: now)
                // A last chance never plays on the programme's last day; every other movie does
                #expect(kinds.contains(.lastChance) == !ownDays.contains(end), "movie \(movie)")
                let week = ownDays.filter { $0 <= today.adding(days: 6) }.count
                #expect(kinds.contains(.rare) == (1...3).contains(week), "movie \(movie)")
                if kinds.contains(.lastChance) { lastChances += 1 }
                if kinds.contains(.rare) { rare += 1 }
            }
        }
        // And the sample has some of each, so the checks above met both kinds
        #expect(lastChances > 0)
        #expect(rare > 0)
        // The runs of one answer are made once: the same value comes back
        let first = await ScreenRuns.load(area: 1014, store: store, now: now)
        let again = await ScreenRuns.load(area: 1014, store: store, now: now)
        #expect(again.programmeEnd == first.programmeEnd)
    }
}

/// The runs on the screens that show them: the Movies list's cards and filter, the Showtimes
/// filter and badges, the Movie page's line.
@Suite struct ScreenRunsOnScreensTests {
    @Test func theMoviesListFiltersAndBadgesByRunWithAnAreaOnly() async throws {
        let store = try PresentationFixtures.bundledStore()
        let now = PresentationFixtures.morning
        let runs = await ScreenRuns.load(area: 1002, store: store, now: now)
        let reads = ReadCount()
        var viewModel = MoviesViewModel(store: store, strings: .english, now: { now })
        viewModel.areaSelected(1002)
        viewModel.followedMoviesRead {
            reads.add()
            return []
        }
        await viewModel.load()
        let every = viewModel.outputs.sections.flatMap(\.rows)
        #expect(viewModel.outputs.offersRuns)
        // Each card carries its movie's runs in the area, in words
        for row in every {
            #expect(row.runs.map(\.kind) == runs.kinds(of: row.id, followed: false, now: now), "\(row.title)")
        }
        let lastChances = every.filter { $0.runs.contains { $0.kind == .lastChance } }
        #expect(!lastChances.isEmpty)
        #expect(
            lastChances.allSatisfy { $0.runs[0].text.hasPrefix("Last chance: ") && $0.runs[0].label == "Last chance" })
        // The person's followed movies are read only when a movie comes back
        #expect(reads.count == (runs.hasReturns ? 1 : 0))
        // With the filter: those movies alone
        viewModel.runSelected(.lastChance)
        await viewModel.load()
        #expect(viewModel.outputs.sections.flatMap(\.rows).map(\.id) == lastChances.map(\.id))
        viewModel.runSelected(.back)
        await viewModel.load()
        #expect(viewModel.outputs.movieCount == 0)
        #expect(viewModel.outputs.emptyMessage == UIStrings.english.runNoneOfKind)
        // All of Finland has no programme of one area: no filter, no badges
        viewModel.areaSelected(nil)
        await viewModel.load()
        #expect(!viewModel.outputs.offersRuns)
        #expect(viewModel.outputs.movieCount > 0)
        #expect(viewModel.outputs.sections.flatMap(\.rows).allSatisfy { $0.runs.isEmpty })
    }

    @Test func theShowtimesFilterKeepsTheFinalShowsOfLastChances() async throws {
        let store = try PresentationFixtures.bundledStore()
        let now = PresentationFixtures.morning
        let runs = await ScreenRuns.load(area: 1002, store: store, now: now)
        let programme = try await store.programme(area: 1002, from: PresentationFixtures.today).value
        // The day with the most final shows
        let finals = programme.filter { runs.show($0, is: .lastChance, followed: false, now: now) }
        let days = Dictionary(grouping: finals) { $0.accountingDate ?? HelsinkiTime.localDate(of: $0.start) }
        let day = try #require(days.max { $0.value.count < $1.value.count })
        var viewModel = ShowtimesViewModel(store: store, language: .fi, now: { now })
        viewModel.areaSelected(1002)
        viewModel.dateSelected(day.key)
        viewModel.runSelected(.lastChance)
        await viewModel.load()
        let shown = viewModel.outputs.theatres.flatMap(\.shows)
        #expect(Set(shown.map(\.id)) == Set(day.value.map(\.id)))
        #expect(shown.allSatisfy { $0.runs.first?.text.hasPrefix("Viimeinen tilaisuus: ") == true })
        #expect(viewModel.outputs.hiddenCount > 0)
        // Without the filter, the day's other shows carry no last-chance badge
        viewModel.runSelected(nil)
        await viewModel.load()
        let every = viewModel.outputs.theatres.flatMap(\.shows)
        #expect(every.count > shown.count)
        #expect(every.filter { $0.runs.contains { $0.kind == .lastChance } }.count == shown.count)
    }

    @Test func theMoviePageTellsBackOnScreenOnlyToAFollower() async throws {
        let store = try PresentationFixtures.bundledStore()
        let now = PresentationFixtures.morning
        let runs = await ScreenRuns.load(area: 1002, store: store, now: now)
        let programme = try await store.programme(area: 1002, from: PresentationFixtures.today).value
        let movie = try #require(
            programme.map(\.eventID).first { runs.kinds(of: $0, followed: false, now: now).contains(.lastChance) })
        var viewModel = MovieShowsViewModel(store: store, language: .sv, now: { now })
        viewModel.movieSelected(movie)
        viewModel.areaSelected(1002)
        await viewModel.load()
        #expect(viewModel.outputs.runs(followed: false).first?.text.hasPrefix("Sista chansen: ") == true)
        #expect(viewModel.outputs.runs(followed: false).map(\.kind) == runs.kinds(of: movie, followed: false, now: now))
        #expect(viewModel.outputs.runs(followed: true).map(\.kind) == runs.kinds(of: movie, followed: true, now: now))
    }
}

/// How many times the followed movies were read.
final class ReadCount: @unchecked Sendable {
    private let lock = NSLock()
    private var reads = 0
    func add() { lock.withLock { reads += 1 } }
    var count: Int { lock.withLock { reads } }
}
