import Foundation
import Hummingbird
import Logging
import NIOConcurrencyHelpers

/// A loopback HTTP server in the layout of Apple's marketing RSS feed, answering the chart's path
/// with one fixed answer (the real sample, broken JSON, an error status), so the CLI can be used
/// end to end against it.
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

    let port: Int
    private let task: Task<Void, any Error>
    private let log: PathLog

    /// The paths asked for so far.
    var receivedPaths: [String] { log.paths.withLockedValue { $0 } }

    private final class PathLog: Sendable {
        let paths = NIOLockedValueBox<[String]>([])
    }

    var baseURL: String { "http://127.0.0.1:\(port)" }

    /// Starts the server on a free loopback port and returns once it accepts connections.
    static func start(answering answer: Answer) async throws -> ChartServer {
        let chart: Data
        let status: HTTPResponse.Status
        switch answer {
        case .realSample:
            chart = try realSample()
            status = .ok
        case .json(let code, let body):
            chart = Data(body.utf8)
            status = .init(code: code)
        }
        let log = PathLog()
        let router = Router()
        router.get("**") { request, _ -> Response in
            log.paths.withLockedValue { $0.append(request.uri.path) }
            guard request.uri.path == chartPath else { return Response(status: .notFound) }
            return Response(
                status: status, headers: [.contentType: "application/json; charset=utf-8"],
                body: ResponseBody(byteBuffer: ByteBuffer(bytes: chart)))
        }
        let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
        let app = Application(
            router: router,
            configuration: .init(address: .hostname("127.0.0.1", port: 0)),
            onServerRunning: { channel in
                continuation.yield(channel.localAddress?.port ?? 0)
                continuation.finish()
            },
            logger: Logger(label: "test-chart-server", factory: { _ in SwiftLogNoOpLogHandler() }))
        let task = Task { try await app.runService(gracefulShutdownSignals: []) }
        var port = 0
        for await bound in ports { port = bound }
        return ChartServer(port: port, task: task, log: log)
    }

    private init(port: Int, task: Task<Void, any Error>, log: PathLog) {
        self.port = port
        self.task = task
        self.log = log
    }

    func stop() async {
        task.cancel()
        _ = await task.result
    }

    struct Failure: Error, CustomStringConvertible { var description: String }
}
