import AppPatterns
import FinnkinoKit
import FinnkinoPresentation
import Foundation
import ImagePipeline
import TestSupport
import Testing

@testable import FinnkinoWeb

/// The offline banner: pushed to open pages when the data source stops answering, taken away
/// when it answers again; tested against a real loopback source that is stopped and started.
@Suite struct ConnectivityTests {
    /// A Finnkino API on loopback (``LoopbackHTTPServer``) answering with the bundled dataset (or
    /// `answer`), until stopped; on `port` when given (to come back where it was).
    enum SourceServer {
        static func start(
            port: UInt16 = 0, answer: (@Sendable (TransportRequest) async throws -> TransportResponse)? = nil
        ) throws -> LoopbackHTTPServer {
            let bundled = try BundledTransport(today: { WebServer.today })
            let answer = answer ?? { try await bundled.send($0) }
            return try LoopbackHTTPServer(port: port) { request async in
                guard let reply = try? await answer(TransportRequest(path: request.target)) else {
                    return .reply(status: 500, headers: [], body: Data())
                }
                return .answer(reply.status, reply.header("content-type") ?? "application/xml", Data(reply.body))
            }
        }
    }

    @Test func theBannerComesWhenTheSourceStopsAndGoesWhenItIsBack() async throws {
        // Given a source on loopback and the app reading it (no cache period, quick probes)
        let source = try SourceServer.start()
        let port = source.port
        let policy = CachePolicy(areas: 0, events: 0, schedule: 0, scheduleDates: 0, news: 0, newsCategories: 0)
        let baseURL = try #require(URL(string: "http://127.0.0.1:\(port)/"))
        let store = FeedStore(
            webService: WebService(transport: HTTPTransport(baseURL: baseURL, timeout: 2)), policy: policy)
        let server = try await WebServer.start(makeStore: { _ in store }, probeInterval: .milliseconds(100))
        defer { Task { await server.stop() } }
        let online = try await server.get("/movies?area=all")
        #expect(online.status == 200 && !online.body.contains("class=\"offline\""))
        let movie = try #require(try await store.movies().value.first)
        let image = try #require(ImageLink.path(movie.images.thumbnail, variant: ImageVariants.plain))
        #expect(try await server.get(image).status == 200)
        let neverShown = try #require(ImageLink.path(movie.images.thumbnail, variant: ImageVariants.poster))
        // And a page listening for live updates
        let connection = try LoopbackClient.Connection(port: server.port)
        defer { connection.close() }
        try connection.write(
            LoopbackClient.request("GET", "/live?page=%2Fmovies%3Farea%3Dall", headers: [:], body: ""))
        _ = try await LiveUpdatesTests.read(connection, until: ": subscribed")

        // When the source stops and the person asks the page for a refresh
        source.stop()
        let refresh = try await server.postForm("/action", "action=refresh&back=%2Fmovies%3Farea%3Dall", json: true)
        // Then they are told it did not work, and the open page is sent the offline banner
        #expect(refresh.body.contains(UIStrings.finnish.refreshFailed))
        let pushed = try await LiveUpdatesTests.read(connection, until: "class=\\\"offline\\\"")
        #expect(pushed.contains("\"id\":\"connectivity\""))
        // And a page opened now shows the saved list with the banner; an image shown before is
        // still served from the cache, one never fetched is a placeholder (the source is not asked)
        let offline = try await server.get("/movies?area=all")
        #expect(offline.status == 200 && offline.body.contains("class=\"offline\""))
        #expect(offline.body.contains("href=\"/movie/\(movie.id)\""))
        #expect(try await server.get(image).status == 200)
        let placeholder = try await server.get(neverShown)
        #expect(placeholder.header("Content-Type") == "image/svg+xml")

        // When the source is back on its port
        let again = try SourceServer.start(port: port)
        defer { again.stop() }
        // Then a probe notices, the banner goes from the open page, and pages load fresh again
        let cleared = try await LiveUpdatesTests.read(connection, until: "{\"html\":\"\",\"id\":\"connectivity\"}")
        #expect(cleared.contains("\"html\":\"\""))
        #expect(await LiveUpdatesTests.eventually { !store.reachability.status.isUnreachable })
        let back = try await server.get("/movies?area=all")
        #expect(back.status == 200 && !back.body.contains("class=\"offline\""))
        #expect(try await server.get(neverShown).header("Content-Type") == "image/png")
    }
}
