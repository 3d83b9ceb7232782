import AppPatterns
import AppPatternsTesting
import Foundation
import MusicifyKit
import MusicifyWeb

/// One architecture's latest-songs screen on a chart that a stub answers at once: the same API
/// and opener for every screen made, as an app holds one API.
///
/// Every cycle checks that the screen shows every song and no alert (a stub answer that failed
/// would otherwise be measured as a fast error), and returns the size of the rendered page,
/// which the caller keeps so that nothing measured can be optimised away.
@MainActor
public final class LoadCycle {
    /// A screen that did not show what it loaded.
    public struct WrongScreen: Error, CustomStringConvertible {
        public var description: String
    }

    public let architecture: Architecture
    private let rows: Int
    private let api: LatestSongsAPI
    private let opener = RecordingPageOpener()

    /// Screens of `architecture` loading `chart` (Apple's format, `rows` songs) through
    /// `MostPlayedSongsEndpoint`.
    public init(architecture: Architecture, chart: Data, rows: Int) {
        self.architecture = architecture
        self.rows = rows
        api = LatestSongsAPI(
            transport: StubTransport(.status(200, body: chart)), endpoint: MostPlayedSongsEndpoint())
    }

    /// The cycle of `workload`: its chart read or generated.
    public convenience init(architecture: Architecture, workload: MusicifyWorkload) throws {
        self.init(architecture: architecture, chart: try workload.chart(), rows: workload.expectedRows)
    }

    /// One load cycle: a new screen, its `viewDidLoad` (the chart decoded and presented), then
    /// its canvas rendered as the web page (`LatestSongsPage`).
    public func run() async throws -> Int {
        let screen = architecture.makeScreen(api: api, opener: opener)
        await screen.viewDidLoad()
        return try render(screen.canvas.state)
    }

    /// One new screen loading the chart `count` times, then its canvas rendered once.
    public func repeatedLoads(_ count: Int) async throws -> Int {
        let screen = architecture.makeScreen(api: api, opener: opener)
        for _ in 0..<count {
            await screen.viewDidLoad()
        }
        return try render(screen.canvas.state)
    }

    private func render(_ state: SongListCanvas.State) throws -> Int {
        guard state.rows.count == rows, state.alert == nil, !state.isLoading else {
            throw WrongScreen(
                description: "\(architecture.title) showed \(state.rows.count) rows, alert: \(state.alert ?? "none")")
        }
        return LatestSongsPage.render(state).utf8.count
    }
}
