import AppPatterns
import AppPatternsTesting
import FinnkinoKit
import FinnkinoStores
import Foundation
import NIOConcurrencyHelpers
import Testing

@testable import FinnkinoWeb

/// `/live`: fragments pushed when a feed changes; subscriptions end with the client.
@Suite struct LiveUpdatesTests {
    /// A source whose movie list the test changes; every load asks it again (no cache period).
    final class ChangingMovies: Sendable {
        let titles = NIOLockedValueBox(["Alpha"])

        func store() -> FeedStore {
            let transport = StubTransport { [self] request in
                guard request.path.lowercased().contains("events") else { return .status(404) }
                let events = titles.withLockedValue { $0 }.enumerated().map { index, title in
                    "<Event><ID>\(index + 1)</ID><Title>\(title)</Title><OriginalTitle>\(title)</OriginalTitle></Event>"
                }
                return .status(200, body: Data("<Events>\(events.joined())</Events>".utf8))
            }
            let policy = CachePolicy(areas: 0, events: 0, schedule: 0, scheduleDates: 0, news: 0, newsCategories: 0)
            return FeedStore(webService: WebService(transport: transport), policy: policy)
        }
    }

    /// Reads from `connection` until the text so far contains `marker`; returns all of it.
    static func read(_ connection: LoopbackClient.Connection, until marker: String) async throws -> String {
        try await LoopbackClient.offPool {
            var text = ""
            while !text.contains(marker) {
                guard let chunk = try connection.read() else { break }
                text += String(decoding: chunk, as: UTF8.self)
            }
            return text
        }
    }

    /// Polls `condition` until it holds, up to a deadline. The server ends a subscription on its
    /// own tasks and publishes no event for it, so the test looks again every few milliseconds
    /// (a bounded wait for a state, not a timing assumption; the pool's threads stay free). The
    /// bound is a minute: the web pass starts its 200 tests at once, and under the thread sanitizer
    /// on 2 cores a closed connection once took more than 20 s to reach the server's handler.
    static func eventually(within seconds: Int = 60, _ condition: () -> Bool) async -> Bool {
        let clock = ContinuousClock()
        let deadline = clock.now + .seconds(seconds)
        while !condition() {
            if clock.now > deadline { return false }
            try? await clock.sleep(for: .milliseconds(5))
        }
        return true
    }

    @Test func aChangedFeedIsPushedAndTheSubscriptionEndsWithTheClient() async throws {
        // Given the app on a source listing "Alpha", and a page subscribed to its live updates
        let source = ChangingMovies()
        let store = source.store()
        let server = try await WebServer.start(makeStore: { _ in store })
        defer { Task { await server.stop() } }
        let feed = store.moviesFeed(.nowInTheatres, area: nil)
        let connection = try LoopbackClient.Connection(port: server.port)
        try connection.write(
            LoopbackClient.request("GET", "/live?page=%2Fmovies%3Farea%3Dall", headers: [:], body: ""))
        let head = try await Self.read(connection, until: ": subscribed")
        #expect(head.contains("200 OK") && head.contains("text/event-stream"))
        #expect(feed.subject.observerCount == 1)
        #expect(feed.isRunning)

        // When the list changes and the feed refreshes
        source.titles.withLockedValue { $0 = ["Alpha", "Beta &amp; Co"] }
        await feed.refresh()

        // Then the re-rendered results fragment arrives as one JSON message, the title escaped
        let stream = try await Self.read(connection, until: "Beta")
        let line = try #require(stream.split(separator: "\n").first { $0.hasPrefix("data: ") && $0.contains("Beta") })
        #expect(stream.contains("event: fragment\ndata: "))
        struct Message: Decodable {
            var id: String
            var html: String
        }
        let message = try JSONDecoder().decode(Message.self, from: Data(line.dropFirst("data: ".count).utf8))
        #expect(message.id == "results")
        #expect(message.html.contains("<span class=\"movie-title\">Beta &amp; Co</span>"))
        #expect(message.html.contains("<span class=\"movie-title\">Alpha</span>"))

        // When the client goes away
        connection.close()
        // Then its subscription ends and the feed's schedule stops
        #expect(await Self.eventually { feed.subject.observerCount == 0 })
        #expect(await Self.eventually { !feed.isRunning })
    }

    @Test func theBookmarksListIsPushedWhenAnotherProcessChangesIt() async throws {
        // Given the server's bookmarks in a file, and the Bookmarks page subscribed to live updates
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("LiveBookmarks-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let stores = try SQLiteBookmarkStores(dataDirectory: folder)
        let bookmarks = try stores.store(for: .local)
        let server = try await WebServer.start(bookmarks: stores)
        defer { Task { await server.stop() } }
        let connection = try LoopbackClient.Connection(port: server.port)
        try connection.write(
            LoopbackClient.request("GET", "/live?page=%2Fbookmarks%3Farea%3D1002", headers: [:], body: ""))
        _ = try await Self.read(connection, until: ": subscribed")
        #expect(bookmarks.bookmarks.observerCount == 1)

        // When another process (the CLI) bookmarks a movie in the same file
        let movie = try #require(try await WebServer.bundledStore(.fi).movies().value.first)
        let terminal = try SQLiteBookmarkStore(dataDirectory: folder)
        #expect(try terminal.add(Bookmark(movie, addedAt: Date())))

        // Then the page is sent its new list, naming the movie
        let stream = try await Self.read(connection, until: "data-movie=\\\"\(movie.id)\\\"")
        #expect(stream.contains(try Regex(#"data: \{"html":"[^\n]*","id":"bookmarks"\}\n"#)))

        // When the page is closed, Then nobody observes the bookmarks any more
        connection.close()
        #expect(await Self.eventually { bookmarks.bookmarks.observerCount == 0 })
    }

    @Test func pagesWithoutLiveContentGetNoStream() async throws {
        let server = try await WebServer.start()
        defer { Task { await server.stop() } }
        #expect(try await server.get("/live").status == 204)
        #expect(try await server.get("/live?page=%2Fmovie%2F305081").status == 204)
        #expect(try await server.get("/live?page=https%3A%2F%2Fevil.example%2Fmovies").status == 204)
        // A showtimes date no show can have (long past, or years ahead) gets no stream, and no feed
        for date in ["1999-01-01", "2999-12-31", "2027-03-01"] {
            let path = "/live?page=%2Fshowtimes%3Farea%3D1002%26date%3D\(date)"
            #expect(try await server.get(path).status == 204, "\(date)")
        }
        // Nor does an area the source does not list, on any screen that names one
        for page in ["%2Fshowtimes%3Farea%3D999999", "%2Fmovies%3Farea%3D4242", "%2Fbookmarks%3Farea%3D5555"] {
            #expect(try await server.get("/live?page=\(page)").status == 204, "\(page)")
        }
        // While today's and next week's are followed in a real area
        let streamed = try LoopbackClient.Connection(port: server.port)
        defer { streamed.close() }
        try streamed.write(
            LoopbackClient.request(
                "GET", "/live?page=%2Fshowtimes%3Farea%3D1002%26date%3D2026-11-29", headers: [:], body: ""))
        #expect(try await Self.read(streamed, until: ": subscribed").contains("200 OK"))
    }

    @Test func eventsAreOneLineOfJSON() throws {
        // Given a fragment with newlines, quotes and separators
        let event = LiveUpdates.event(id: "results", html: "<p class=\"a\">x\ny\u{2028}\\</p>")
        // Then the message is one data line that decodes back to it
        let lines = event.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 4 && lines[0] == "event: fragment" && lines[2].isEmpty && lines[3].isEmpty)
        let json = try JSONSerialization.jsonObject(with: Data(lines[1].dropFirst("data: ".count).utf8))
        let object = try #require(json as? [String: String])
        #expect(object == ["id": "results", "html": "<p class=\"a\">x\ny\u{2028}\\</p>"])
    }
}
