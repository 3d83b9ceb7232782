import AppPatterns
import Foundation
import Testing

@testable import FinnkinoKit
@testable import FinnkinoPresentation

/// The page of one show over the bundled dataset on a fixed day.
@Suite struct ShowViewModelTests {
    private let tomorrow = PresentationFixtures.today.adding(days: 1)

    @Test func aShowSaysWhatWhenAndWhereAndUntilWhenItIsSold() async throws {
        // Given a show of tomorrow at Tennispalatsi, for the hard of hearing
        let store = try PresentationFixtures.bundledStore()
        let shows = try await store.showtimes(area: 1014, date: tomorrow).value
        let show = try #require(
            shows.first {
                $0.theatre.hasPrefix("Tennispalatsi") && $0.features.specials.contains(.descriptiveSubtitles)
            }
                ?? shows.first { $0.theatre.hasPrefix("Tennispalatsi") })
        var viewModel = ShowViewModel(store: store, language: .en, now: { PresentationFixtures.morning })
        // When its page is opened
        viewModel.showSelected(id: show.id, area: 1014, date: tomorrow)
        await viewModel.load()
        // Then the page has its movie, day, time, theatre with its address and directions, and badges
        let outputs = viewModel.outputs
        #expect(outputs.errorMessage == nil && !outputs.isNotFound)
        #expect(outputs.title == show.title && outputs.movieID == show.eventID)
        #expect(outputs.day == "Tomorrow")
        let end = try #require(show.end)
        #expect(outputs.time == HelsinkiTime.clockTime(of: show.start) + "–" + HelsinkiTime.clockTime(of: end))
        #expect(outputs.theatre == "Tennispalatsi, Helsinki" && outputs.auditorium == show.auditorium)
        #expect(outputs.address == "Salomonkatu 15, 00100 Helsinki")
        #expect(outputs.directionsURL?.host == "www.google.com")
        #expect(outputs.directionsURL?.query?.contains("Salomonkatu") == true)
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
        #expect(event.location == "Tennispalatsi, Helsinki, \(show.auditorium) (Salomonkatu 15, 00100 Helsinki)")
        #expect(event.uid == "show-\(show.id)@finnkino.fi.unofficial")
        #expect(event.geo?.latitude == 60.1693)
    }

    @Test func aShowNotInThatAreasDayIsNotFound() async throws {
        var viewModel = ShowViewModel(
            store: try PresentationFixtures.bundledStore(), language: .fi, now: { PresentationFixtures.morning })
        viewModel.showSelected(id: 1, area: 1014, date: tomorrow)
        await viewModel.load()
        #expect(viewModel.outputs.isNotFound)
        #expect(viewModel.outputs.errorMessage == ShowStrings.finnish.showNotFound)
        #expect(viewModel.outputs.calendarEvent == nil)
    }

    @Test func aSourceThatDoesNotAnswerIsAnErrorNotAMissingShow() async {
        var viewModel = ShowViewModel(
            store: PresentationFixtures.unreachableStore(), language: .en, now: { PresentationFixtures.morning })
        viewModel.showSelected(id: 1_800_001, area: 1014, date: tomorrow)
        await viewModel.load()
        #expect(!viewModel.outputs.isNotFound)
        #expect(viewModel.outputs.errorMessage == UIStrings.english.loadFailed)
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
