import AppPatterns
import AppPatternsTesting
import Foundation
import Testing

@testable import MusicifyKit

/// The same behaviour from all five architectures, seen where a person sees it: the widgets' every
/// state in order, and the page a selection opens. Each test runs once per architecture.
@MainActor
@Suite struct ArchitectureBehaviourTests {
    typealias State = SongListCanvas.State

    /// A screen of `architecture` on `api`, with a recorder on its widgets.
    private func screen(_ architecture: Architecture, _ api: LatestSongsAPI) -> (
        any LatestSongsScreen, CanvasRecorder, RecordingPageOpener
    ) {
        let opener = RecordingPageOpener()
        let screen = architecture.makeScreen(api: api, opener: opener)
        return (screen, CanvasRecorder(screen.canvas), opener)
    }

    @Test(arguments: Architecture.allCases)
    func theChartLoadsWithTheIndicatorOnThenOff(_ architecture: Architecture) async throws {
        // Given a screen on the real chart
        let (screen, recorder, _) = screen(architecture, try Chart.sampleAPI())
        // When it appears
        await screen.viewDidLoad()
        // Then the indicator turned on, off, and the 20 songs came, nothing else
        let rows = try Chart.expectedRows()
        #expect(rows.count == 20)
        #expect(recorder.states == [State(isLoading: true), State(), State(rows: rows)])
    }

    @Test(arguments: Architecture.allCases)
    func noAnswerIsAConnectionError(_ architecture: Architecture) async {
        let (screen, recorder, _) = screen(architecture, Chart.api(.failure(TransportError(.unreachable, "refused"))))
        await screen.viewDidLoad()
        #expect(recorder.states == [State(isLoading: true), State(), State(alert: "Connection error")])
    }

    @Test(arguments: Architecture.allCases, [500, 404, 301])
    func anErrorStatusIsAConnectionError(_ architecture: Architecture, status: Int) async throws {
        let (screen, recorder, _) = screen(architecture, Chart.api(.status(status, body: try Chart.sample)))
        await screen.viewDidLoad()
        #expect(recorder.states.last == State(alert: "Connection error"))
        #expect(recorder.states.count == 3)
    }

    @Test(arguments: Architecture.allCases, ["", "<html>", #"{"feed":{}}"#, "[]"])
    func anAnswerThatIsNotTheChartIsAParsingError(_ architecture: Architecture, body: String) async {
        let (screen, recorder, _) = screen(architecture, Chart.api(.status(200, body: Data(body.utf8))))
        await screen.viewDidLoad()
        #expect(recorder.states == [State(isLoading: true), State(), State(alert: "JSON parsing error")])
    }

    @Test(arguments: Architecture.allCases)
    func whileTheAnswerIsOnItsWayTheIndicatorShows(_ architecture: Architecture) async throws {
        // Given a stub that answers after 2 s on a clock the test moves
        let clock = ManualClock()
        let (screen, recorder, _) = screen(
            architecture, Chart.api(.status(200, body: try Chart.sample), delay: .seconds(2), clock: clock))
        // When the screen appears and the answer has not come
        let appearing = Task { await screen.viewDidLoad() }
        await clock.waitForSleepers()
        // Then only the indicator shows
        #expect(recorder.states == [State(isLoading: true)])
        #expect(screen.canvas.state == State(isLoading: true))
        // When the answer comes
        clock.advance(by: .seconds(2))
        await appearing.value
        // Then the list replaces the indicator
        #expect(recorder.states == [State(isLoading: true), State(), State(rows: try Chart.expectedRows())])
    }

    @Test(arguments: Architecture.allCases)
    func selectingASongOpensItsPageAndNothingElse(_ architecture: Architecture) async throws {
        let (screen, _, opener) = screen(architecture, try Chart.sampleAPI())
        await screen.viewDidLoad()
        let pages = try Chart.expectedPages()
        // When the third row, then the last, then a row that is not there are selected
        await screen.canvas.selectRow(at: 2)
        #expect(await screen.canvas.selectRow(id: try Chart.expectedRows()[19].id))
        await screen.canvas.selectRow(at: 20)
        #expect(await screen.canvas.selectRow(id: "no such song") == false)
        // Then exactly the two pages opened, in order
        #expect(opener.opened == [pages[2], pages[19]])
    }

    @Test(arguments: Architecture.allCases)
    func aFailedLoadShowsNoRowsToSelect(_ architecture: Architecture) async {
        let (screen, _, opener) = screen(architecture, Chart.api(.status(503)))
        await screen.viewDidLoad()
        await screen.canvas.selectRow(at: 0)
        #expect(screen.canvas.state.rows.isEmpty)
        #expect(opener.opened.isEmpty)
    }

    @Test(arguments: Architecture.allCases)
    func tryingAgainAfterAnErrorClearsTheAlert(_ architecture: Architecture) async throws {
        // Given a source that fails once, then answers
        let stub = StubTransport(replies: [
            .failure(TransportError(.timedOut, "slow")), .status(200, body: try Chart.sample),
        ])
        let api = LatestSongsAPI(
            service: WebService(transport: stub, offlineRetryInterval: 0), endpoint: MostPlayedSongsEndpoint())
        let (screen, recorder, _) = screen(architecture, api)
        // When the screen appears twice
        await screen.viewDidLoad()
        await screen.viewDidLoad()
        // Then the alert went when loading began again, and the list came
        let rows = try Chart.expectedRows()
        #expect(
            recorder.states == [
                State(isLoading: true), State(), State(alert: "Connection error"),
                State(isLoading: true, alert: "Connection error"), State(isLoading: true), State(), State(rows: rows),
            ])
    }

    @Test(arguments: Architecture.allCases)
    func sortingByArtistReordersTheRowsAndSelectionFollows(_ architecture: Architecture) async throws {
        // Given the loaded chart
        let (screen, recorder, opener) = screen(architecture, try Chart.sampleAPI())
        await screen.viewDidLoad()
        let rows = try Chart.expectedRows()
        let pages = try Chart.expectedPages()
        // When the person sorts by artist
        await screen.canvas.chooseSortOrder(.artist)
        // Then the control shows it, and the rows are by artist, ties in chart order
        let byArtist = rows.indices.sorted { a, b in
            let (x, y) = (rows[a].subtitle.lowercased(), rows[b].subtitle.lowercased())
            let (artistX, artistY) = (x.components(separatedBy: " · ")[0], y.components(separatedBy: " · ")[0])
            return artistX != artistY ? artistX < artistY : a < b
        }
        #expect(byArtist != Array(rows.indices))
        #expect(
            recorder.states.suffix(2) == [
                State(rows: rows, sortOrder: .artist), State(rows: byArtist.map { rows[$0] }, sortOrder: .artist),
            ])
        // When the first row is selected, its page opens
        await screen.canvas.selectRow(at: 0)
        #expect(opener.opened == [pages[byArtist[0]]])
        // When chart order is chosen again, the chart's order is back
        await screen.canvas.chooseSortOrder(.chart)
        #expect(screen.canvas.state == State(rows: rows, sortOrder: .chart))
    }

    @Test(arguments: Architecture.allCases)
    func aSortChosenBeforeTheSongsCameAppliesToThem(_ architecture: Architecture) async throws {
        let (screen, _, _) = screen(architecture, try Chart.sampleAPI())
        await screen.canvas.chooseSortOrder(.artist)
        await screen.viewDidLoad()
        let songs = try Chart.songs()
        #expect(screen.canvas.state.rows == SongSortOrder.artist.sorted(songs).map(SongListCanvas.Row.init))
        #expect(screen.canvas.state.sortOrder == .artist)
    }

    @Test func allFiveGoThroughTheSameStatesForTheSameInputs() async throws {
        // Given one script of inputs: an error, a retry, a sort, back
        func run(_ architecture: Architecture) async throws -> [State] {
            let stub = StubTransport(replies: [
                .status(200, body: Data("{}".utf8)), .status(200, body: try Chart.sample),
            ])
            let api = LatestSongsAPI(transport: stub, endpoint: MostPlayedSongsEndpoint())
            let (screen, recorder, _) = screen(architecture, api)
            await screen.viewDidLoad()
            await screen.viewDidLoad()
            await screen.canvas.chooseSortOrder(.artist)
            await screen.canvas.chooseSortOrder(.chart)
            return recorder.states
        }
        // Then every architecture's widgets went through the same states
        let mvc = try await run(.mvc)
        #expect(mvc.count == 11)
        for architecture in Architecture.allCases.dropFirst() {
            #expect(try await run(architecture) == mvc, "\(architecture)")
        }
    }

    @Test(arguments: Architecture.allCases)
    func aClosedScreenIsFreedWithAllItsParts(_ architecture: Architecture) async throws {
        // Given a screen that loaded and was used
        weak var released: (any LatestSongsScreen)?
        weak var canvas: SongListCanvas?
        do {
            let (screen, _, _) = screen(architecture, try Chart.sampleAPI())
            await screen.viewDidLoad()
            await screen.canvas.chooseSortOrder(.artist)
            await screen.canvas.selectRow(at: 0)
            released = screen
            canvas = screen.canvas
        }
        // Then once nobody holds it, nothing keeps it alive (no cycle between its parts)
        #expect(released == nil)
        #expect(canvas == nil)
    }
}
