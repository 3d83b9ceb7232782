import AppPatterns
import AppPatternsTesting
import Foundation
import Testing

@testable import MusicifyKit

/// A front end's visit: a new screen appears, loads, and a song is selected on it.
@Suite @MainActor struct LatestSongsVisitTests {
    @Test(arguments: Architecture.allCases)
    func aVisitShowsTheChartAndOpensASelectedSong(architecture: Architecture) async throws {
        // Given a visit to a screen of an architecture on the bundled chart
        let api = LatestSongsAPI(transport: try BundledSongsTransport(), endpoint: MostPlayedSongsEndpoint())
        let visit = LatestSongsVisit(architecture: architecture, api: api)
        // When the screen appears
        let state = await visit.appear()
        // Then it shows the 20 songs, loaded, without an alert
        #expect(state.rows.count == 20)
        #expect(!state.isLoading && state.alert == nil)
        #expect(visit.screen.canvas.state == state)
        // When the person selects a song, Then the screen opened its page
        let selection = await visit.select(id: "1900000008")
        #expect(selection == .opened(try #require(URL(string: "https://musicify.invalid/songs/1900000008"))))
        // And a song no row shows opens nothing
        #expect(await visit.select(id: "1900000002") == .noSuchSong)
    }

    @Test(arguments: Architecture.allCases)
    func choosingAnOrderRelistsTheSongsAndSelectionFollowsIt(architecture: Architecture) async throws {
        // Given a screen of an architecture that has loaded the bundled chart
        let api = LatestSongsAPI(transport: try BundledSongsTransport(), endpoint: MostPlayedSongsEndpoint())
        let visit = LatestSongsVisit(architecture: architecture, api: api)
        let chart = await visit.appear()
        // When the person chooses to list by artist
        let byArtist = await visit.choose(.artist)
        // Then the same rows are listed by artist, and the control says so
        #expect(byArtist.sortOrder == .artist)
        #expect(Set(byArtist.rows) == Set(chart.rows) && byArtist.rows != chart.rows)
        #expect(byArtist.rows.prefix(2).map(\.title) == ["Northern Lights Again", "Run the Red Light"])
        // And selecting a song still opens that song's page
        let selection = await visit.select(id: "1900000078")
        #expect(selection == .opened(try #require(URL(string: "https://musicify.invalid/songs/1900000078"))))
        // When the person goes back to the chart's order, Then the chart is as it was
        #expect(await visit.choose(.chart) == chart)
    }

    @Test(arguments: Architecture.allCases)
    func aFailedLoadShowsTheAlertAndNothingToSelect(architecture: Architecture) async throws {
        // Given a source that does not answer
        let api = LatestSongsAPI(
            transport: StubTransport(.failure(TransportError(.unreachable, "down"))),
            endpoint: MostPlayedSongsEndpoint())
        let visit = LatestSongsVisit(architecture: architecture, api: api)
        // When the screen appears
        let state = await visit.appear()
        // Then it shows the alert only, and no song can be selected
        #expect(state == SongListCanvas.State(alert: "Connection error"))
        #expect(await visit.select(id: "1900000001") == .noSuchSong)
    }
}
