import AppPatterns
import AppPatternsTesting
import FinnkinoKit
import Foundation
import ImagePipeline
import Logging
import NIOConcurrencyHelpers
import Testing

@testable import FinnkinoWeb

/// Log lines kept for the test to read.
final class LogRecorder: Sendable {
    private let lines = NIOLockedValueBox<[String]>([])

    var recorded: [String] { lines.withLockedValue { $0 } }

    func logger() -> Logger {
        Logger(label: "recorded") { _ in Handler(recorder: self) }
    }

    struct Handler: LogHandler {
        let recorder: LogRecorder
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            recorder.lines.withLockedValue { $0.append("\(event.level): \(event.message)") }
        }
    }
}

/// A source whose images never come: each request waits until it is cancelled, and says so.
final class StalledImageSource: Transport, Sendable {
    private let counts = NIOLockedValueBox((asked: 0, cancelled: 0))

    var sourceDescription: String { "stalled" }
    var asked: Int { counts.withLockedValue { $0.asked } }
    var cancelled: Int { counts.withLockedValue { $0.cancelled } }

    func send(_ request: TransportRequest) async throws -> TransportResponse {
        counts.withLockedValue { $0.asked += 1 }
        let (never, _) = AsyncStream.makeStream(of: Void.self)
        for await _ in never {}
        counts.withLockedValue { $0.cancelled += 1 }
        throw TransportError(.cancelled, "cancelled")
    }
}

/// `/image/<variant>/<key>`: the pipeline behind the pages' images.
@Suite struct ImageRouteTests {
    @Test func plainAndDecoratedImagesWithCacheHeaders() async throws {
        // Given the app on the bundled dataset and a movie with a thumbnail
        let server = try await WebServer.start()
        defer { Task { await server.stop() } }
        let movie = try #require(try await WebServer.bundledStore(.fi).movies().value.first)
        let plainPath = try #require(ImageLink.path(movie.images.thumbnail, variant: ImageVariants.plain))
        // When the plain image is asked for, Then it is the bundled JPEG, with an ETag and a week's lifetime
        let plain = try await server.get(plainPath)
        #expect(plain.status == 200 && plain.header("Content-Type") == "image/jpeg")
        #expect(plain.header("Cache-Control") == "public, max-age=604800")
        // And it says that the connection closes after it (Hummingbird closes it, having watched
        // for the browser leaving): no proxy or browser sends its next request on a closing one
        #expect(plain.header("Connection") == "close")
        let etag = try #require(plain.header("ETag"))
        // And asked again with that ETag, it is not sent again
        let again = try await server.get(plainPath, headers: ["If-None-Match": etag])
        #expect(again.status == 304 && again.body.isEmpty)
        // When the list thumbnail is asked for, Then it is a PNG with rounded, shadowed transparent corners
        let thumbPath = try #require(ImageLink.path(movie.images.thumbnail, variant: ImageVariants.listThumbnail))
        let thumb = try await server.get(thumbPath)
        #expect(thumb.status == 200 && thumb.header("Content-Type") == "image/png")
        #expect(thumb.header("ETag") != etag)
        let bitmap = try ImageCodec().decode(thumb.bytes)
        #expect(bitmap.width <= 99 && bitmap.height <= 146)
        #expect(bitmap.pixel(x: 0, y: 0).alpha == 0)
        #expect(bitmap.pixel(x: bitmap.width / 2, y: bitmap.height / 2).alpha == 255)
    }

    @Test func pagesLinkThePlainImageAndTheDecoratedOne() async throws {
        let server = try await WebServer.start()
        defer { Task { await server.stop() } }
        let movie = try #require(try await WebServer.bundledStore(.fi).movies().value.first)
        let page = try await server.get("/movie/\(movie.id)").body
        let posterURL = try #require(movie.images.poster)
        let poster = try #require(ImageLink.key(for: posterURL))
        #expect(page.contains("src=\"/image/plain/\(poster)\" data-decorated=\"/image/poster/\(poster)\""))
        let list = try await server.get("/movies?area=1002").body
        #expect(list.contains("data-decorated=\"/image/thumb/media/"))
        #expect(!list.contains("bundled://"))
    }

    /// A store whose images are whatever the test says (and which has no feeds).
    static func store(images: @escaping @Sendable (String) -> StubTransport.Reply) -> FeedStore {
        let transport = StubTransport { request in
            request.path.hasPrefix("/media/") ? images(request.path) : .status(404)
        }
        return FeedStore(webService: WebService(transport: transport, cache: InMemoryPayloadCache()))
    }

    @Test func brokenImagesArePlaceholdersAndLoggedByName() async throws {
        let jpeg = try ImageCodec().encode(
            Bitmap(width: 40, height: 60, pixels: [UInt8](repeating: 255, count: 40 * 60 * 4)), as: .jpeg
        ).bytes
        var huge = jpeg
        // The SOF0 marker's height and width rewritten to 20000 x 20000
        let sof = try #require((0..<(huge.count - 9)).first { huge[$0] == 0xFF && huge[$0 + 1] == 0xC0 })
        huge.replaceSubrange((sof + 5)..<(sof + 9), with: [0x4E, 0x20, 0x4E, 0x20])
        let answers: [String: StubTransport.Reply] = [
            "/media/truncated.jpg": .status(200, body: Data(jpeg.prefix(jpeg.count / 2))),
            "/media/corrupt.jpg": .status(200, body: Data(jpeg.prefix(200) + [UInt8](repeating: 0x5A, count: 400))),
            "/media/empty.jpg": .status(200),
            "/media/page.jpg": .status(200, body: Data("<html>Not here</html>".utf8)),
            "/media/huge.jpg": .status(200, body: Data(huge)),
            "/media/missing.jpg": .status(404),
            "/media/fine.jpg": .status(200, body: Data(jpeg)),
        ]
        let store = Self.store { answers[$0] ?? .status(404) }
        let log = LogRecorder()
        let server = try await WebServer.start(
            makeStore: { _ in store }, images: ImagePipeline(logger: log.logger()))
        defer { Task { await server.stop() } }
        for name in ["truncated", "corrupt", "empty", "page", "huge", "missing"] {
            // When a page's image is broken, Then the route answers a placeholder, not an error page,
            // and not to be cached (the next visit tries again)
            let reply = try await server.get("/image/thumb/media/\(name).jpg")
            #expect(reply.status == 200 && reply.header("Content-Type") == "image/svg+xml", "\(name)")
            #expect(reply.header("Cache-Control") == "no-store", "\(name)")
            #expect(reply.body.hasPrefix("<svg"), "\(name)")
            // And the log names the image and says why
            #expect(log.recorded.contains { $0.hasPrefix("error: image bundled:///media/\(name).jpg") }, "\(name)")
        }
        let reasons = log.recorded.joined(separator: "\n")
        #expect(reasons.contains("20000x20000 is over the limit"))
        #expect(reasons.contains("not a JPEG or PNG image") && reasons.contains("no bytes"))
        #expect(reasons.contains("the source answered 404"))
        // And the server still serves a good image after all that
        #expect(try await server.get("/image/thumb/media/fine.jpg").status == 200)
    }

    @Test func aPageThatIsLeftStopsItsImageWork() async throws {
        // Given an image whose source is slow to answer
        let source = StalledImageSource()
        let store = FeedStore(webService: WebService(transport: source, cache: InMemoryPayloadCache()))
        let server = try await WebServer.start(makeStore: { _ in store })
        defer { Task { await server.stop() } }
        let connection = try LoopbackClient.Connection(port: server.port)
        try connection.write(LoopbackClient.request("GET", "/image/thumb/media/slow.jpg", headers: [:], body: ""))
        #expect(await LiveUpdatesTests.eventually { source.asked == 1 })
        #expect(source.cancelled == 0)
        // When the browser goes away (the page was left) before the image came
        connection.close()
        // Then the fetch is cancelled: nobody else was waiting for it
        #expect(await LiveUpdatesTests.eventually { source.cancelled == 1 })
    }
}
