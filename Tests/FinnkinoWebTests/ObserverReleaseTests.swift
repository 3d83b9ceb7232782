import AppPatterns
import FinnkinoKit
import FinnkinoStores
import Foundation
import Testing

@testable import FinnkinoWeb

/// Closing pages, ending streams and finishing commands leave nothing behind: after a long scripted
/// session no feed is observed or scheduled, nobody observes the bookmarks or the location, the
/// reachability has only its own watcher, and the database files are open as often as before.
@Suite struct ObserverReleaseTests {
    static let livePages = [
        "/movies?area=1002&list=soon", "/movies?area=all&q=a&scope=contains", "/showtimes?area=1021",
        "/news", "/bookmarks?area=1002",
    ]

    /// The file descriptors of this process open on files under `folder`.
    static func openFiles(under folder: URL) throws -> Int {
        let manager = FileManager.default
        return try manager.contentsOfDirectory(atPath: "/proc/self/fd").count { descriptor in
            (try? manager.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(descriptor)"))?.hasPrefix(folder.path)
                ?? false
        }
    }

    @Test func aLongScriptedSessionLeavesNoObserversSchedulesOrConnections() async throws {
        // Given the app on the bundled dataset with its bookmarks in a file
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ObserverRelease-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let stores = try SQLiteBookmarkStores(dataDirectory: folder)
        let bookmarks = try stores.store(for: .local)
        let store = try WebServer.bundledStore(.fi)
        let location = LocationService()
        let server = try await WebServer.start(makeStore: { _ in store }, bookmarks: stores, location: location)
        defer { Task { await server.stop() } }
        #expect(try await server.get("/movies").status == 200)
        let watchers = store.reachability.observerCount
        let files = try Self.openFiles(under: folder)
        #expect(files > 0)
        let movies = try await store.movies().value

        // When a user spends 30 rounds opening five live pages at once, bookmarking, undoing,
        // redoing, refreshing, setting and forgetting their location, and then closes the pages
        for round in 0..<30 {
            var connections: [LoopbackClient.Connection] = []
            for page in Self.livePages {
                let connection = try LoopbackClient.Connection(port: server.port)
                let query = page.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? page
                try connection.write(LoopbackClient.request("GET", "/live?page=\(query)", headers: [:], body: ""))
                _ = try await LiveUpdatesTests.read(connection, until: ": subscribed")
                connections.append(connection)
            }
            if round == 0 {
                // (while the pages are open, they are seen: the counts below can fail)
                #expect(store.activeFeedCount >= 6)
                #expect(bookmarks.bookmarks.observerCount == 1)
            }
            let movie = movies[round % movies.count]
            #expect(try await server.postForm("/bookmarks/toggle", "movie=\(movie.id)", json: true).status == 303)
            for action in ["undo", "redo", "refresh"] {
                let reply = try await server.postForm("/action", "action=\(action)&back=%2Fbookmarks", json: true)
                #expect(reply.status == 200 && reply.body.contains("\"handled\":true"), "\(action)")
            }
            #expect(try await server.postForm("/action", "action=refresh&back=%2Fnews", json: true).status == 200)
            #expect(try await server.get("/movie/\(movie.id)").status == 200)
            #expect(try await server.get("/bookmarks").status == 200)
            let near = round.isMultiple(of: 2) ? "near=Tampere" : "forget=1"
            #expect(try await server.postForm("/settings/location", near + "&back=%2Fmovies", json: true).status == 303)
            for connection in connections { connection.close() }
        }

        // Then every observation ends and every schedule stops
        #expect(await LiveUpdatesTests.eventually { store.activeFeedCount == 0 })
        #expect(await LiveUpdatesTests.eventually { bookmarks.bookmarks.observerCount == 0 })
        // (each live page's reachability observer ends with its task, after its connection closed)
        #expect(await LiveUpdatesTests.eventually { store.reachability.observerCount == watchers })
        #expect(location.observerCount == 0 && !location.isRunning)
        // And the database is open as often as before the session
        #expect(try Self.openFiles(under: folder) == files)
        // And what the session did is kept: every movie toggled on, undone and redone is bookmarked
        #expect(bookmarks.all().count == min(30, movies.count))
    }
}
