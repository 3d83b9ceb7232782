import AppPatterns
import FinnkinoKit
import FinnkinoStores
import Foundation
import Testing

@testable import FinnkinoWeb

/// The International tab over HTTP: lists, pages, a movie, its bookmark in the shared store.
@Suite struct InternationalPagesTests {
    @Sendable static func chartsStore(_ language: ContentLanguage) throws -> FeedStore {
        let today: @Sendable () -> LocalDate = { WebServer.today }
        return FeedStore(
            webService: WebService(transport: try BundledTransport(today: today), cache: InMemoryPayloadCache()),
            language: language,
            charts: .success(
                ChartSources(
                    tmdb: WebService(transport: try BundledChartsTransport(.tmdb, today: today)),
                    omdb: WebService(transport: try BundledChartsTransport(.omdb, today: today)))))
    }

    private static func ids(_ html: String) -> [String] {
        html.components(separatedBy: "href=\"/international/movie/").dropFirst().map {
            String($0.prefix { $0 != "\"" })
        }
    }

    @Test func listsPagesAndRefusals() async throws {
        let server = try await WebServer.start(makeStore: Self.chartsStore)
        defer { Task { await server.stop() } }
        let first = try await server.get("/international?list=top").body
        #expect(Self.ids(first).count == 20 && first.contains("data-rows=\"/international/rows?list=top&amp;page=2\""))
        // The rows of page 2 are other movies, numbered on from 21
        let second = try await server.get("/international/rows?list=top&page=2").body
        #expect(Self.ids(second).count == 20 && Set(Self.ids(second)).isDisjoint(with: Self.ids(first)))
        #expect(second.contains("<ol class=\"movies chart-movies\" start=\"21\">") && !second.contains("<html"))
        // The last page has no "more"
        let last = try await server.get("/international?list=upcoming").body
        #expect(!Self.ids(last).isEmpty && !last.contains("id=\"more\""))
        for bad in ["/international?list=sideways", "/international?page=0", "/international?page=x"] {
            #expect(try await server.get(bad).status == 404, "\(bad)")
        }
        #expect(try await server.get("/international/movie/5").status == 404)
    }

    @Test func aMovieWithItsScoresBookmarkedBesideFinnkinosMovies() async throws {
        let stores = try SQLiteBookmarkStores.inMemory()
        let bookmarks = try stores.store(for: .local)
        let server = try await WebServer.start(makeStore: Self.chartsStore, bookmarks: stores)
        defer { Task { await server.stop() } }
        let id = try #require(Self.ids(try await server.get("/international").body).first)
        let page = try await server.get("/international/movie/\(id)").body
        #expect(page.contains("id=\"audience\"") && page.contains("/image/chart-poster/"))
        #expect(page.contains("name=\"movie\" value=\"international:\(id)\""))
        // When the person bookmarks it, Then it is in the shared store as an international movie
        let added = try await server.postForm("/bookmarks/toggle", "movie=international%3A\(id)")
        #expect(added.status == 303 && added.header("Location") == "/international/movie/\(id)")
        #expect(bookmarks.all().map(\.key) == [Bookmark.Key(.international, Int(id) ?? 0)])
        // And a Finnkino movie beside it; the list links each to its own page
        let finnkino = try #require(try await WebServer.bundledStore(.fi).movies().value.first)
        _ = try await server.postForm("/bookmarks/toggle", "movie=\(finnkino.id)")
        let list = try await server.get("/bookmarks").body
        #expect(list.contains("href=\"/international/movie/\(id)\"") && list.contains("href=\"/movie/\(finnkino.id)\""))
        // When both are removed at once, one undo brings both back
        _ = try await server.postForm("/bookmarks/remove", "movie=international%3A\(id)&movie=\(finnkino.id)")
        #expect(bookmarks.all().isEmpty)
        _ = try await server.postForm("/action", "action=undo&back=%2Fbookmarks")
        #expect(bookmarks.all().count == 2)
    }

    @Test func theKeysOfAMoviePageWorkOnAnInternationalMovie() async throws {
        let stores = try SQLiteBookmarkStores.inMemory()
        let bookmarks = try stores.store(for: .local)
        let server = try await WebServer.start(makeStore: Self.chartsStore, bookmarks: stores)
        defer { Task { await server.stop() } }
        let id = try #require(Self.ids(try await server.get("/international").body).first.flatMap { Int($0) })
        let back = "back=%2Finternational%2Fmovie%2F\(id)"
        // When `b` is pressed on the movie's page, the screen bookmarks it
        let toggled = try await server.postForm("/action", "action=toggleBookmark&\(back)", json: true)
        #expect(toggled.body.contains("\"handled\":true") && toggled.body.contains("\"by\":\"screen\""))
        #expect(bookmarks.all().map(\.key) == [Bookmark.Key(.international, id)])
        // When Ctrl+Z is pressed there, the bookmark is undone; Ctrl+Y brings it back
        let undo = try await server.postForm("/action", "action=undo&\(back)", json: true)
        #expect(undo.body.contains("\"handled\":true") && bookmarks.all().isEmpty)
        let redo = try await server.postForm("/action", "action=redo&\(back)", json: true)
        #expect(redo.body.contains("\"handled\":true") && bookmarks.all().count == 1)
        // And `b` once more removes it
        _ = try await server.postForm("/action", "action=toggleBookmark&\(back)", json: true)
        #expect(bookmarks.all().isEmpty)
        // An address that is not a movie's page is not one
        let other = try await server.postForm(
            "/action", "action=toggleBookmark&back=%2Finternational%2Fmovie%2Fx", json: true)
        #expect(other.body.contains("\"handled\":false"))
    }
}
