import AppPatterns
import AppPatternsTesting
import Foundation
import Testing

@testable import MusicifyKit

/// VIPER layer by layer: the interactor on the stubbed API, the presenter with a mock view,
/// interactor and router, the router's navigation and its module builder.
@MainActor
@Suite struct VIPERTests {
    // MARK: Interactor

    @Test func theInteractorGetsTheSongs() async throws {
        let interactor = VIPER.Interactor(api: try Chart.sampleAPI())
        #expect(try await interactor.latestSongs().get() == (try Chart.songs()))
    }

    @Test(arguments: [
        (StubTransport.Reply.failure(TransportError(.unreachable, "refused")), SongsLoadError.connection),
        (.status(200, body: Data("[1,2]".utf8)), .parsing),
    ])
    func theInteractorSaysWhatFailed(reply: StubTransport.Reply, error: SongsLoadError) async {
        let result = await VIPER.Interactor(api: Chart.api(reply)).latestSongs()
        #expect(result == .failure(error))
    }

    @Test func theInteractorListsByArtist() throws {
        let songs = try Chart.songs()
        let interactor = VIPER.Interactor(api: Chart.api(.status(503)))
        #expect(interactor.songs(songs, in: .chart) == songs)
        #expect(interactor.songs(songs, in: .artist) == SongSortOrder.artist.sorted(songs))
    }

    // MARK: Presenter

    @MainActor
    final class MockView: VIPER.View {
        var calls: [String] = []
        var rows: [SongListCanvas.Row] = []
        func startLoading() { calls.append("start") }
        func stopLoading() { calls.append("stop") }
        func showLatestSongs(_ rows: [SongListCanvas.Row]) {
            calls.append("songs \(rows.count)")
            self.rows = rows
        }
        func showError(message: String) { calls.append("error \(message)") }
        func showSortOrder(_ order: SongSortOrder) { calls.append("sort \(order)") }
    }

    struct MockInteractor: VIPER.InteractorInput {
        var result: Result<[Song], SongsLoadError>
        func latestSongs() async -> Result<[Song], SongsLoadError> { result }
        func songs(_ chart: [Song], in order: SongSortOrder) -> [Song] { order == .chart ? chart : chart.reversed() }
    }

    @MainActor
    final class MockRouter: VIPER.RouterInput {
        var shown: [Song] = []
        func showPage(of song: Song) { shown.append(song) }
    }

    private func presenter(_ result: Result<[Song], SongsLoadError>) -> (VIPER.Presenter, MockView, MockRouter) {
        let router = MockRouter()
        let presenter = VIPER.Presenter(interactor: MockInteractor(result: result), router: router)
        let view = MockView()
        presenter.view = view
        return (presenter, view, router)
    }

    @Test func thePresenterShowsTheInteractorsSongs() async throws {
        let songs = try Chart.songs()
        let (presenter, view, _) = presenter(.success(songs))
        await presenter.viewDidLoad()
        #expect(view.calls == ["start", "stop", "songs 20"])
        #expect(view.rows == songs.map(SongListCanvas.Row.init))
    }

    @Test(arguments: [SongsLoadError.connection, .parsing])
    func thePresenterShowsTheInteractorsError(_ error: SongsLoadError) async {
        let (presenter, view, _) = presenter(.failure(error))
        await presenter.viewDidLoad()
        #expect(view.calls == ["start", "stop", "error \(error.message)"])
    }

    @Test func thePresenterAsksTheInteractorForTheOrderAndTheRouterToNavigate() async throws {
        // Given songs, sorted by the interactor (the mock reverses them)
        let songs = try Chart.songs()
        let (presenter, view, router) = presenter(.success(songs))
        await presenter.viewDidLoad()
        presenter.didChooseSortOrder(.artist)
        #expect(view.calls.suffix(2) == ["sort artist", "songs 20"])
        #expect(view.rows.first?.id == songs.last?.id)
        // When the first row is selected, the router shows that song's page
        presenter.didSelectSong(at: 0)
        presenter.didSelectSong(at: 99)
        #expect(router.shown == [songs[19]])
    }

    // MARK: Router

    @Test func theRouterOpensTheSongsPage() throws {
        let opener = RecordingPageOpener()
        let song = try Chart.songs()[3]
        VIPER.Router(opener: opener).showPage(of: song)
        #expect(opener.opened == [song.pageURL])
    }

    @Test func theModuleBuilderWiresAWorkingModule() async throws {
        // Given a module from the builder
        let opener = RecordingPageOpener()
        let view = VIPER.Router.createModule(api: try Chart.sampleAPI(), opener: opener)
        // Then view and presenter know each other
        #expect(view.presenter?.view === view)
        // When it appears and a song is selected, the list shows and the router navigates
        await view.viewDidLoad()
        #expect(view.canvas.state.rows == (try Chart.expectedRows()))
        await view.canvas.selectRow(at: 1)
        #expect(opener.opened == [try Chart.expectedPages()[1]])
    }
}
