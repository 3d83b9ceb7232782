import AppPatterns
import AppPatternsTesting
import Foundation
import Testing

@testable import MusicifyKit

/// Redux-style layer by layer: the pure reducer action by action, the effects on the stubbed API
/// and the opener, and the store's chain of actions.
@MainActor
@Suite struct ReduxTests {
    typealias State = Redux.State

    // MARK: Reducer

    @Test func theReducerFollowsALoadThatSucceeds() throws {
        let songs = try Chart.songs()
        var state = State()
        Redux.reduce(&state, .viewAppeared)
        #expect(state == State(isLoading: true))
        Redux.reduce(&state, .songsLoaded(songs))
        #expect(state == State(isLoading: false, songs: songs))
    }

    @Test func theReducerFollowsAFailureAndARetry() throws {
        var state = State(songs: try Chart.songs())
        Redux.reduce(&state, .loadFailed(.parsing))
        #expect(state.error == .parsing && state.isLoading == false && state.songs.count == 20)
        Redux.reduce(&state, .viewAppeared)
        #expect(state.error == nil && state.isLoading)
    }

    @Test func theReducerKeepsTheChartAndDerivesTheListedOrder() throws {
        let songs = try Chart.songs()
        var state = State(songs: songs)
        Redux.reduce(&state, .sortOrderChosen(.artist))
        #expect(state.songs == songs && state.sortOrder == .artist)
        #expect(state.listedSongs == SongSortOrder.artist.sorted(songs))
    }

    @Test func aSelectionChangesNoState() throws {
        let before = State(songs: try Chart.songs(), sortOrder: .artist)
        var state = before
        Redux.reduce(&state, .songSelected(3))
        #expect(state == before)
    }

    // MARK: Effects

    @Test func appearingLoadsAndSaysHowItWent() async throws {
        let opener = RecordingPageOpener()
        let loaded = await Redux.Effects(api: try Chart.sampleAPI(), opener: opener).run(.viewAppeared, in: State())
        #expect(loaded == .songsLoaded(try Chart.songs()))
        let failed = await Redux.Effects(api: Chart.api(.status(200, body: Data("{".utf8))), opener: opener)
            .run(.viewAppeared, in: State())
        #expect(failed == .loadFailed(.parsing))
        #expect(opener.opened.isEmpty)
    }

    @Test func aSelectionOpensTheListedSongsPage() async throws {
        // Given a state listing by artist, and a stub that must never be asked
        let stub = StubTransport(.status(500))
        let opener = RecordingPageOpener()
        let effects = Redux.Effects(
            api: LatestSongsAPI(transport: stub, endpoint: MostPlayedSongsEndpoint()), opener: opener)
        let state = State(songs: try Chart.songs(), sortOrder: .artist)
        // When row 0 and a row that is not there are selected
        #expect(await effects.run(.songSelected(0), in: state) == nil)
        #expect(await effects.run(.songSelected(20), in: state) == nil)
        // Then only the first listed song's page opened, and nothing was sent
        #expect(opener.opened == [state.listedSongs[0].pageURL])
        #expect(stub.receivedRequests.isEmpty)
    }

    @Test func otherActionsHaveNoEffect() async throws {
        let stub = StubTransport(.status(500))
        let effects = Redux.Effects(
            api: LatestSongsAPI(transport: stub, endpoint: MostPlayedSongsEndpoint()), opener: RecordingPageOpener())
        for action: Redux.Action in [.songsLoaded([]), .loadFailed(.connection), .sortOrderChosen(.artist)] {
            #expect(await effects.run(action, in: State()) == nil)
        }
        #expect(stub.receivedRequests.isEmpty)
    }

    // MARK: Store

    @Test func theStoreRunsTheChainAndTellsEveryState() async throws {
        let store = Redux.Store(effects: Redux.Effects(api: try Chart.sampleAPI(), opener: RecordingPageOpener()))
        var seen: [State] = []
        store.subscriber = { seen.append($0) }
        await store.dispatch(.viewAppeared)
        let songs = try Chart.songs()
        #expect(seen == [State(isLoading: true), State(songs: songs)])
        #expect(store.state == State(songs: songs))
    }
}
