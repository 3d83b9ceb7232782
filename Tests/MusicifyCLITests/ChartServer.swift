import Foundation
import TestSupport

/// A loopback HTTP server (``LoopbackHTTPServer``) in the layout of Apple's marketing RSS feed,
/// answering the chart's path with one fixed answer (the real sample, broken JSON, an error
/// status), so the CLI can be used end to end against it.
final class ChartServer: Sendable {
    /// What the server answers the chart's path with.
    enum Answer: Sendable {
        /// The real chart sample of May 2022 (Fixtures).
        case realSample
        /// `status` with `body` as JSON.
        case json(status: Int, body: String)
    }

    static let chartPath = "/api/v2/us/music/most-played/20/songs.json"

    /// The real sample, read from this target's resources.
    static func realSample() throws -> Data {
        guard
            let url = Bundle.module.url(
                forResource: "Fixtures/apple_rss_v2_us_music_most_played_20_songs_2022-05", withExtension: "json")
        else { throw Failure(description: "the chart sample is missing from the test bundle") }
        return try Data(contentsOf: url)
    }

    private let server: LoopbackHTTPServer

    /// The paths asked for so far.
    var receivedPaths: [String] { server.requests.map(\.path) }

    var port: Int { Int(server.port) }

    var baseURL: String { server.baseURLString }

    /// Starts the server on a free loopback port.
    static func start(answering answer: Answer) async throws -> ChartServer {
        let chart: Data
        let status: Int
        switch answer {
        case .realSample:
            chart = try realSample()
            status = 200
        case .json(let code, let body):
            chart = Data(body.utf8)
            status = code
        }
        return ChartServer(
            server: try LoopbackHTTPServer { request in
                guard request.path == chartPath else { return .reply(status: 404, headers: [], body: Data()) }
                return .answer(status, "application/json; charset=utf-8", chart)
            })
    }

    private init(server: LoopbackHTTPServer) {
        self.server = server
    }

    func stop() async {
        server.stop()
    }

    struct Failure: Error, CustomStringConvertible { var description: String }
}
