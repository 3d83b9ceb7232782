import AppPatterns
import Foundation
import Testing

@testable import FinnkinoKit
@testable import FinnkinoPresentation

/// The page of one show over the bundled dataset on a fixed day.
@Suite struct ShowViewModelTests {
    private let tomorrow = PresentationFixtures.today.adding(days: 1)

    @Test func aShowSaysWhatWhenAndWhereAndUntilWhenItIsSold() async throws {
        // Given a show of tomorrow in the capital region, for the hard of hearing
        let store = try PresentationFixtures.bundledStore()
        let shows = try await store.showtimes(area: 1014, date: tomorrow).value
        let show = try #require(shows.first { $0.features.specials.contains(.descriptiveSubtitles) })
        let theatre = try #require(TheatreLocations.theatre(named: show.theatre))
        var viewModel = ShowViewModel(store: store, language: .en, now: { PresentationFixtures.morning })
        // When its page is opened
        viewModel.showSelected(id: show.id, area: 1014, date: tomorrow)
        await viewModel.load()
        // Then the page has its movie, day, time, theatre with its address and directions, and badges
        let outputs = viewModel.outputs
        #expect(outputs.errorMessage == nil && outputs.outcome == .shown)
        #expect(outputs.title == show.title && outputs.movieID == show.eventID)
        #expect(outputs.day == "Tomorrow")
        let end = try #require(show.end)
        #expect(outputs.time == HelsinkiTime.clockTime(of: show.start) + "–" + HelsinkiTime.clockTime(of: end))
        #expect(outputs.theatre == show.theatre && outputs.auditorium == show.auditorium)
        #expect(outputs.address == theatre.address)
        #expect(outputs.directionsURL?.host == "www.google.com")
        let directions = try #require(
            outputs.directionsURL.flatMap { URLComponents(url: $0, resolvingAgainstBaseURL: false) })
        #expect(directions.queryItems?.first { $0.name == "destination" }?.value?.hasSuffix(theatre.address) == true)
        #expect(outputs.badges.first?.kind == .descriptiveSubtitles)
        #expect(outputs.badges == ShowBadge.badges(show.features, language: .en))
        // And when online sales end, in words (the bundled shows' sales end 15 minutes before)
        let salesEnd = try #require(show.salesEnd)
        #expect(outputs.salesEnd == "Online sales end " + HelsinkiTime.clockTime(of: salesEnd))
        #expect(outputs.reservationEnd == nil)
        // The bundled ticket pages exist nowhere: no link to them
        #expect(outputs.ticketURL == nil)
        // And the calendar event has the exact start and end and the address
        let event = try #require(outputs.calendarEvent)
        #expect(event.start == show.start && event.end == show.end)
        #expect(event.summary == show.title)
        #expect(event.location == "\(show.theatre), \(show.auditorium) (\(theatre.address))")
        #expect(event.uid == "show-\(show.id)@finnkino.fi.unofficial")
        #expect(event.geo?.latitude == theatre.coordinate.latitude)
    }

    @Test func aShowNotInThatAreasDayIsNotFound() async throws {
        var viewModel = ShowViewModel(
            store: try PresentationFixtures.bundledStore(), language: .fi, now: { PresentationFixtures.morning })
        viewModel.showSelected(id: 1, area: 1014, date: tomorrow)
        await viewModel.load()
        #expect(viewModel.outputs.outcome == .notFound)
        #expect(viewModel.outputs.errorMessage == ShowStrings.finnish.showNotFound)
        #expect(viewModel.outputs.calendarEvent == nil)
    }

    @Test func aSourceThatDoesNotAnswerIsAnErrorNotAMissingShow() async {
        var viewModel = ShowViewModel(
            store: PresentationFixtures.unreachableStore(), language: .en, now: { PresentationFixtures.morning })
        viewModel.showSelected(id: 1_800_001, area: 1014, date: tomorrow)
        await viewModel.load()
        #expect(viewModel.outputs.outcome == .unavailable)
        #expect(viewModel.outputs.errorMessage == UIStrings.english.loadFailed)
    }

    @Test func aShowWithoutAnEndLastsItsLengthAndAFeedsNonsenseLengthDoesNot() async throws {
        let store = try PresentationFixtures.bundledStore()
        var show = try #require(try await store.showtimes(area: 1014, date: tomorrow).value.first)
        show.end = nil
        show.lengthInMinutes = 100
        let event = ShowCalendar.event(show, location: nil, language: .en)
        #expect(event.end == show.start + 110 * 60)
        #expect(event.location == show.theatre + ", " + show.auditorium)
        // A length no film has (a hostile feed's 18 digits): the usual length, and no overflow
        show.lengthInMinutes = 999_999_999_999_999_999
        #expect(ShowCalendar.event(show, location: nil, language: .en).end == show.start + 120 * 60)
        show.lengthInMinutes = -5
        #expect(ShowCalendar.event(show, location: nil, language: .en).end == show.start + 120 * 60)
    }

    @Test func onlyWebAddressesAreLinks() throws {
        #expect(ShowViewModel.web(try #require(URL(string: "https://www.finnkino.fi/websales/show/1/"))) != nil)
        #expect(ShowViewModel.web(try #require(URL(string: "HTTP://example.org/"))) != nil)
        #expect(ShowViewModel.web(try #require(URL(string: "javascript:alert(1)"))) == nil)
        #expect(ShowViewModel.web(try #require(URL(string: "bundled:///websales/show/1/"))) == nil)
        #expect(ShowViewModel.web(try #require(URL(string: "data:text/html,x"))) == nil)
    }

    @Test func theatresOfTheFeedAreFoundInTheTableOfAddresses() {
        #expect(TheatreLocations.theatre(named: "Tennispalatsi, Helsinki")?.address == "Salomonkatu 15, 00100 Helsinki")
        #expect(TheatreLocations.theatre(named: "Kinopalatsi, Turku")?.city == "Turku")
        #expect(TheatreLocations.theatre(named: "Kinopalatsi, Helsinki")?.city == "Helsinki")
        #expect(TheatreLocations.theatre(named: "CINE ATLAS,  tampere")?.areaID == 1034)
        #expect(TheatreLocations.theatre(named: "Nowhere, Helsinki") == nil)
        #expect(TheatreLocations.theatre(named: "") == nil)
    }
}

/// The Showtimes screen's filters and the person's own theatres.
@Suite struct ShowtimesFilterTests {
    private let tomorrow = PresentationFixtures.today.adding(days: 1)

    private func load(_ filter: ShowFilter, mine: [Int] = [], area: Int = 1014) async throws
        -> ShowtimesViewModel.Outputs
    {
        var viewModel = ShowtimesViewModel(
            store: try PresentationFixtures.bundledStore(), language: .en, now: { PresentationFixtures.morning })
        viewModel.areaSelected(area)
        viewModel.dateSelected(tomorrow)
        viewModel.filterChanged(filter)
        viewModel.myTheatresChanged(mine)
        await viewModel.load()
        return viewModel.outputs
    }

    @Test func aFilterLeavesOutWhatItDoesNotWantAndSaysHowMany() async throws {
        let all = try await load(ShowFilter())
        let hardOfHearing = try await load(ShowFilter(accessibility: .descriptiveSubtitles))
        let rows = hardOfHearing.theatres.flatMap(\.shows)
        #expect(!rows.isEmpty && rows.count < all.showCount)
        #expect(rows.allSatisfy { $0.badges.contains { $0.kind == .descriptiveSubtitles } })
        #expect(hardOfHearing.showCount == rows.count)
        #expect(hardOfHearing.hiddenCount == all.showCount - rows.count)
        #expect(all.hiddenCount == 0)
        // The language choices are the day's, named in the interface's language, the chosen one marked
        #expect(all.spokenOptions.contains { $0.code == "fi" && $0.name == "Finnish" && !$0.isSelected })
        #expect(all.subtitleOptions.contains { $0.code == "sv" && $0.name == "Swedish" })
        let finnish = try await load(ShowFilter(spoken: "fi"))
        #expect(finnish.spokenOptions.filter(\.isSelected).map(\.code) == ["fi"])
    }

    @Test func aFilterNothingMatchesSaysSoNotThatTheDayIsEmpty() async throws {
        let none = try await load(ShowFilter(spoken: "fi", startsFrom: 29 * 60))
        #expect(none.theatres.isEmpty && none.hiddenCount > 0)
        #expect(none.emptyMessage == ShowStrings.english.noShowsMatch)
        // A language the day has none of stays a choice, so that it can be seen and undone
        let absent = try await load(ShowFilter(spoken: "qq"))
        #expect(absent.spokenOptions.contains { $0.code == "qq" && $0.isSelected })
    }

    @Test func onlyMyTheatresAcrossAreas() async throws {
        // Given a person whose theatres are Omena (Espoo) and Cine Atlas (Tampere), in the Helsinki area
        let outputs = try await load(ShowFilter(onlyMyTheatres: true), mine: [1039, 1034], area: 1002)
        // Then the shows are those two theatres', each addressed by its own theatre's area
        #expect(Set(outputs.theatres.map(\.name)) == ["Omena, Espoo", "Cine Atlas, Tampere"])
        for theatre in outputs.theatres {
            let area = theatre.name.hasPrefix("Omena") ? 1039 : 1034
            #expect(theatre.shows.allSatisfy { $0.area == area })
        }
        #expect(outputs.theatreOptions.filter(\.isMine).map(\.areaID).sorted() == [1034, 1039])
        // And without theatres of their own, "only mine" shows the area's
        let none = try await load(ShowFilter(onlyMyTheatres: true), mine: [], area: 1002)
        #expect(!none.theatres.isEmpty && none.theatres.allSatisfy { $0.name.hasSuffix("Helsinki") })
    }
}

/// A movie's shows of the next days on its page.
@Suite struct MovieShowsViewModelTests {
    private func load(movie: Int, area: Int = 1014, location: Coordinate? = nil) async throws
        -> MovieShowsViewModel.Outputs
    {
        var viewModel = MovieShowsViewModel(
            store: try PresentationFixtures.bundledStore(), language: .en, now: { PresentationFixtures.morning })
        viewModel.movieSelected(movie)
        viewModel.areaSelected(area)
        viewModel.locationChanged(location)
        await viewModel.load()
        return viewModel.outputs
    }

    @Test func theNextSevenDaysByDayAndTheatreEachShowLinked() async throws {
        // Given a movie with shows in the capital region tomorrow
        let store = try PresentationFixtures.bundledStore()
        let tomorrow = PresentationFixtures.today.adding(days: 1)
        let show = try #require(try await store.showtimes(area: 1014, date: tomorrow).value.first)
        // When its page lists the next days
        let outputs = try await load(movie: show.eventID)
        // Then the days are in order, at most seven from today, each with its label
        let dates = outputs.days.map(\.date)
        #expect(!dates.isEmpty && dates == dates.sorted() && Set(dates).count == dates.count)
        #expect(
            dates.allSatisfy { $0 >= PresentationFixtures.today && $0 < PresentationFixtures.today.adding(days: 7) })
        #expect(outputs.days.first { $0.date == tomorrow }?.label == "Tomorrow")
        // And every show of the movie that day is there, once, linked by the area and its day
        let listed = outputs.days.first { $0.date == tomorrow }?.theatres.flatMap(\.shows) ?? []
        let expected = try await store.showtimes(area: 1014, date: tomorrow, movieID: show.eventID).value
        #expect(Set(listed.map(\.id)) == Set(expected.map(\.id)))
        #expect(listed.allSatisfy { $0.area == 1014 && $0.date == tomorrow })
        #expect(listed.allSatisfy { $0.badges.allSatisfy { $0.kind.isSpecial || $0.text == "3D" } })
        #expect(outputs.emptyMessage == nil && outputs.errorMessage == nil)
    }

    @Test func theNearestTheatreComesFirstWithItsDistance() async throws {
        // Given a movie shown in several theatres of the capital region, and a person at Omena (Espoo)
        let store = try PresentationFixtures.bundledStore()
        let tomorrow = PresentationFixtures.today.adding(days: 1)
        let shows = try await store.showtimes(area: 1014, date: tomorrow).value
        let movie = try #require(
            Dictionary(grouping: shows, by: \.eventID).first { Set($0.value.map(\.theatre)).count >= 3 }?.key)
        let omena = try #require(TheatreLocations.theatre(areaID: 1039)).coordinate
        let outputs = try await load(movie: movie, location: omena)
        // Then each day's theatres are nearest first, each with its distance
        for day in outputs.days {
            let distances = day.theatres.compactMap { theatre in
                TheatreLocations.theatre(named: theatre.name).map { omena.distance(to: $0.coordinate) }
            }
            #expect(distances == distances.sorted())
            #expect(day.theatres.allSatisfy { $0.distance != nil })
        }
        let tomorrowsFirst = outputs.days.first { $0.date == tomorrow }?.theatres.first
        if let tomorrowsFirst, shows.contains(where: { $0.eventID == movie && $0.theatre == "Omena, Espoo" }) {
            #expect(tomorrowsFirst.name == "Omena, Espoo")
        }
    }

    @Test func noShowsAndNoSourceAreToldApart() async throws {
        let none = try await load(movie: 999_999_999)
        #expect(none.days.isEmpty && none.emptyMessage == ShowStrings.english.noUpcomingShows)
        var failing = MovieShowsViewModel(
            store: PresentationFixtures.unreachableStore(), language: .en, now: { PresentationFixtures.morning })
        failing.movieSelected(1)
        await failing.load()
        #expect(failing.outputs.errorMessage == UIStrings.english.loadFailed && failing.outputs.emptyMessage == nil)
    }

    @Test func childrenUpToThreeYearsYoungerWithAnAdult() {
        func youngest(_ code: String) -> Int? { Rating(code: code, label: code, imageURL: nil).youngestWithAnAdult }
        #expect(youngest("7") == 4 && youngest("12") == 9 && youngest("16") == 13)
        #expect(youngest("S") == nil && youngest("18") == nil && youngest("K18") == nil && youngest("Tulossa") == nil)
        #expect(youngest("Anniskelu K18 (elokuva: 12)") == nil)
    }
}
