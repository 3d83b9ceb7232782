import Foundation
import Hummingbird
import Logging
import Synchronization

/// A loopback HTTP server in the Finnkino API's URL layout, answering with the real samples
/// (Tests/FinnkinoKitTests/Fixtures/anchors), so the CLI can be used end to end against it.
final class FinnkinoAPIServer: Sendable {
    let port: Int
    private let task: Task<Void, any Error>
    private let log: RequestLog

    /// Everything asked so far, as `path?query`.
    var receivedRequests: [String] { log.entries.withLock { $0 } }

    private final class RequestLog: Sendable {
        let entries = Mutex<[String]>([])
    }

    static let samples = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("FinnkinoKitTests/Fixtures/anchors")

    /// Starts the server on a free loopback port and waits until it accepts connections.
    static func start() async throws -> FinnkinoAPIServer {
        let log = RequestLog()
        let router = Router()
        router.get("**") { request, _ -> Response in
            let path = request.uri.path
            let query = request.uri.query ?? ""
            log.entries.withLock { $0.append(query.isEmpty ? path : path + "?" + query) }
            return Self.answer(path: path, query: request.uri.queryParameters)
        }
        let (portStream, portContinuation) = AsyncStream.makeStream(of: Int.self)
        let app = Application(
            router: router,
            configuration: .init(address: .hostname("127.0.0.1", port: 0)),
            onServerRunning: { channel in
                portContinuation.yield(channel.localAddress?.port ?? 0)
                portContinuation.finish()
            },
            logger: Logger(label: "test-api-server", factory: { _ in SwiftLogNoOpLogHandler() }))
        let task = Task { try await app.runService() }
        var port = 0
        for await bound in portStream { port = bound }
        return FinnkinoAPIServer(port: port, task: task, log: log)
    }

    private init(port: Int, task: Task<Void, any Error>, log: RequestLog) {
        self.port = port
        self.task = task
        self.log = log
    }

    var baseURL: String { "http://127.0.0.1:\(port)" }

    func stop() async {
        task.cancel()
        _ = await task.result
    }

    private static func answer(path: String, query: Parameters) -> Response {
        let endpoint = path.lowercased().split(separator: "/").map(String.init)
        guard endpoint.count == 2, endpoint[0] == "xml" else { return notFound() }
        switch endpoint[1] {
        case "theatreareas": return file("theatreareas-2019-01.xml")
        case "events":
            return query["listType"] == "ComingSoon"
                ? file("events-comingsoon-inkino-2018-04.xml") : file("events-nowintheatres-inkino-2018-02.xml")
        case "schedule":
            return query["dt"] == "27.02.2022" ? file("schedule-area1002-helsinki-2022-02-27.xml") : xml(emptySchedule)
        case "scheduledates": return file("scheduledates-finnkino2json-mock-2021-12.xml")
        case "news": return file("news-abridged-readme-2013.xml")
        case "newscategories": return xml(newsCategories)
        default: return notFound()
        }
    }

    private static func file(_ name: String) -> Response {
        guard let data = try? Data(contentsOf: samples.appendingPathComponent(name)) else { return notFound() }
        return xml(data)
    }

    private static func xml(_ data: Data) -> Response {
        Response(
            status: .ok, headers: [.contentType: "text/xml; charset=utf-8"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
    }

    private static func notFound() -> Response {
        Response(
            status: .notFound, headers: [.contentType: "text/html"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: "<html><body>404 Not Found</body></html>")))
    }

    /// No sample of these two answers exists; they follow SCHEMA.md and use the categories seen in
    /// the News sample.
    private static let emptySchedule = Data(
        """
        <?xml version="1.0"?>
        <Schedule xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
          <PubDate>2022-02-28T00:00:00+02:00</PubDate>
          <Shows />
        </Schedule>
        """.utf8)

    private static let newsCategories = Data(
        """
        <?xml version="1.0"?>
        <NewsCategories xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
          <NewsArticleCategory><ID>1007</ID><Name>Ajankohtaista</Name></NewsArticleCategory>
          <NewsArticleCategory><ID>1011</ID><Name>Elokuvauutisia</Name></NewsArticleCategory>
        </NewsCategories>
        """.utf8)
}
