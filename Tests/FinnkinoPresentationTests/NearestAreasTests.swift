import AppPatterns
import Foundation
import Testing

@testable import FinnkinoKit
@testable import FinnkinoPresentation

/// The Movies and Showtimes screens with and without the user's location.
@Suite struct NearestAreasTests {
    /// Outside Tampere's Koskikeskus, some 100 m from Cine Atlas.
    let nearCineAtlas = Coordinate(known: 61.4950, 23.7690)

    @Test func distancesReadAsAPersonWritesThem() {
        let english = DisplayFormat(strings: .english)
        let finnish = DisplayFormat(strings: .finnish)
        #expect(english.distance(3.24) == "3.2 km")
        #expect(finnish.distance(3.24) == "3,2 km")
        #expect(english.distance(0.04) == "0.0 km")
        #expect(english.distance(9.94) == "9.9 km")
        #expect(english.distance(9.96) == "10 km")
        #expect(english.distance(160.4) == "160 km")
        #expect(english.distance(-1) == "0.0 km")
        let option = AreaOption(id: 1002, name: "Helsinki", isSelected: false, distance: "2.1 km")
        #expect(english.nearest(option) == "Nearest: Helsinki, 2.1 km")
        #expect(finnish.nearest(option) == "Lähin: Helsinki, 2.1 km")
    }

    @Test func moviesListTheNearestAreasFirstWithDistances() async throws {
        // Given the Movies screen with an area chosen, and the user near Cine Atlas in Tampere
        let store = try PresentationFixtures.bundledStore()
        let areas = try await store.areas().value
        var viewModel = MoviesViewModel(store: store, strings: .english, now: { PresentationFixtures.morning })
        viewModel.areaSelected(1018)
        viewModel.locationChanged(nearCineAtlas)
        // When it loads
        await viewModel.load()
        // Then "all of Finland" stays first, without a distance
        let outputs = viewModel.outputs
        #expect(outputs.areas.first?.id == nil && outputs.areas.first?.distance == nil)
        // And every area follows once, nearest first, each with its distance
        let listed = Array(outputs.areas.dropFirst())
        #expect(Set(listed.compactMap(\.id)) == Set(areas.map(\.id)) && listed.count == areas.count)
        let kilometres = try listed.map { option in
            try #require(
                TheatreLocations.distance(from: nearCineAtlas, to: TheatreArea(id: option.id ?? 0, name: option.name)))
        }
        #expect(kilometres == kilometres.sorted())
        #expect(listed.map(\.distance) == kilometres.map { DisplayFormat(strings: .english).distance($0) })
        #expect(listed.first?.name == "Tampere: CINE ATLAS")
        #expect(listed.first?.distance == "0.1 km")
        // The chosen area stays chosen, and it alone
        #expect(outputs.areas.filter(\.isSelected).map(\.id) == [1018])
        #expect(outputs.selectedArea == 1018)
        // And the nearest area is offered
        #expect(outputs.nearestArea?.id == 1034)
        #expect(outputs.nearestAreaText == "Nearest: Tampere: CINE ATLAS, 0.1 km")
        // The movies are still the chosen area's
        let expected = try await store.movies(area: 1018).value.map(\.id)
        #expect(outputs.sections.flatMap(\.rows).map(\.id) == expected)
    }

    @Test func withoutALocationNothingChanges() async throws {
        // Given two Movies screens, one that had a location and lost it
        let store = try PresentationFixtures.bundledStore()
        var plain = MoviesViewModel(store: store, strings: .finnish, now: { PresentationFixtures.morning })
        var forgot = MoviesViewModel(store: store, strings: .finnish, now: { PresentationFixtures.morning })
        forgot.locationChanged(nearCineAtlas)
        await forgot.load()
        #expect(forgot.outputs.nearestArea != nil)
        forgot.locationChanged(nil)
        // When both load
        await plain.load()
        await forgot.load()
        // Then the areas are in the feed's order, without distances, and nothing is offered
        let areas = try await store.areas().value
        for viewModel in [plain, forgot] {
            #expect(viewModel.outputs.areas.dropFirst().map(\.id) == areas.map(\.id))
            #expect(viewModel.outputs.areas.allSatisfy { $0.distance == nil })
            #expect(viewModel.outputs.nearestArea == nil && viewModel.outputs.nearestAreaText == nil)
        }
    }

    @Test func showtimesListTheNearestAreasFirstAndKeepTheChosenOne() async throws {
        // Given the Showtimes screen (Helsinki by default) and a user in Oulu
        let store = try PresentationFixtures.bundledStore()
        let oulu = try #require(FinnishCities.city(named: "oulu"))
        var viewModel = ShowtimesViewModel(store: store, language: .fi, now: { PresentationFixtures.morning })
        viewModel.locationChanged(oulu.coordinate)
        // When it loads
        await viewModel.load()
        // Then Oulu's Plaza is first and offered, in Finnish, and Helsinki stays chosen
        let outputs = viewModel.outputs
        #expect(outputs.areas.first?.id == 1018)
        #expect(outputs.nearestArea?.id == 1018)
        #expect(outputs.nearestAreaText?.hasPrefix("Lähin: Oulu: PLAZA, ") == true)
        #expect(outputs.nearestAreaText?.hasSuffix(" km") == true)
        #expect(outputs.areas.filter(\.isSelected).map(\.id) == [ShowtimesViewModel.defaultArea])
        #expect(outputs.areas.allSatisfy { $0.distance != nil })
        // Helsinki's theatres are some 500 km away, written in whole kilometres
        let helsinki = try #require(outputs.areas.first { $0.id == 1002 }?.distance)
        #expect(helsinki.hasSuffix(" km") && !helsinki.contains(","))
        #expect(try #require(Int(helsinki.dropLast(3))) > 450)
        // And the shows are still Helsinki's
        #expect(outputs.theatres.allSatisfy { $0.name.hasSuffix("Helsinki") })
    }

    @Test func areasOfUnknownPositionComeLastWithoutADistance() throws {
        // Given the feed lists a theatre the table does not know
        let areas = [
            TheatreArea(id: 9001, name: "Raisio: LUXE MYLLY"), TheatreArea(id: 1022, name: "Turku: KINOPALATSI"),
            TheatreArea(id: 1002, name: "Helsinki"),
        ]
        let turku = try #require(FinnishCities.city(named: "turku"))
        // When the picker is built near Turku
        let (options, nearest) = AreaOption.options(
            areas, selected: 9001, allLabel: nil, near: turku.coordinate, format: DisplayFormat(strings: .english))
        // Then the unknown theatre is last, still selectable and selected, without a distance
        #expect(options.map(\.id) == [1022, 1002, 9001])
        #expect(options.last?.distance == nil && options.last?.isSelected == true)
        #expect(nearest?.id == 1022)
        // And with nothing known, nothing is offered
        let unknown = AreaOption.options(
            [areas[0]], selected: nil, allLabel: "All", near: turku.coordinate, format: DisplayFormat(strings: .english)
        )
        #expect(unknown.nearest == nil && unknown.options.map(\.id) == [nil, 9001])
    }
}
