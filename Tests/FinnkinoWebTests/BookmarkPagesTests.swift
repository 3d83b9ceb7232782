import AppPatterns
import FinnkinoKit
import FinnkinoPresentation
import FinnkinoStores
import Foundation
import Testing

@testable import FinnkinoWeb

/// Bookmarks from the browser: the Movie screen's button, the Bookmarks tab, removal with undo,
/// and actions sent up the responder chain.
@Suite struct BookmarkPagesTests {
    @Test func bookmarkFromTheMoviePageRemoveAndUndo() async throws {
        let stores = try SQLiteBookmarkStores.inMemory()
        let bookmarks = try stores.store(for: .local)
        let server = try await WebServer.start(bookmarks: stores)
        defer { Task { await server.stop() } }
        let movies = try await WebServer.bundledStore(.fi).movies().value
        let (first, second) = (movies[0], movies[1])
        // Given the movie page offers to bookmark
        #expect(try await server.get("/movie/\(first.id)").body.contains("id=\"bookmark\" aria-pressed=\"false\""))
        // When the user bookmarks two movies from their pages
        let added = try await server.postForm("/bookmarks/toggle", "movie=\(first.id)")
        _ = try await server.postForm("/bookmarks/toggle", "movie=\(second.id)")
        // Then each page goes back to the movie, now bookmarked, and the tab lists both
        #expect(added.status == 303 && added.header("Location") == "/movie/\(first.id)")
        #expect(try await server.get("/movie/\(first.id)").body.contains("id=\"bookmark\" aria-pressed=\"true\""))
        let list = try await server.get("/bookmarks").body
        #expect(list.contains("data-movie=\"\(first.id)\"") && list.contains("data-movie=\"\(second.id)\""))
        // When the user checks both and removes them
        let removed = try await server.postForm("/bookmarks/remove", "movie=\(first.id)&movie=\(second.id)")
        #expect(bookmarks.all().isEmpty)
        // Then the list says what went, with an Undo button
        let flash = try #require(removed.cookies["flash"])
        let after = try await server.get("/bookmarks", headers: ["Cookie": "flash=\(flash)"]).body
        #expect(after.contains("class=\"undo-banner\"") && after.contains("data-action=\"undo\""))
        // When the user presses Undo (a form POST to the responder chain)
        let undo = try await server.postForm("/action", "action=undo&back=%2Fbookmarks")
        // Then both are back
        #expect(undo.status == 303 && undo.header("Location") == "/bookmarks")
        #expect(Set(bookmarks.all().map(\.movieID)) == [first.id, second.id])
    }

    @Test func actionsGoUpTheChainAndUnhandledOnesGetAPoliteWord() async throws {
        let stores = try SQLiteBookmarkStores.inMemory()
        let bookmarks = try stores.store(for: .local)
        let server = try await WebServer.start(bookmarks: stores)
        defer { Task { await server.stop() } }
        let movie = try #require(try await WebServer.bundledStore(.fi).movies().value.first)
        // When the shortcut for bookmarking is sent from a movie page, the screen handles it
        let toggled = try await server.postForm(
            "/action", "action=toggleBookmark&back=%2Fmovie%2F\(movie.id)", json: true)
        #expect(toggled.body.contains("\"handled\":true") && toggled.body.contains("\"by\":\"screen\""))
        #expect(bookmarks.contains(movieID: movie.id))
        // When undo is sent from the Bookmarks screen, the screen (which has the undo history) handles it
        let undo = try await server.postForm("/action", "action=undo&back=%2Fbookmarks", json: true)
        #expect(undo.body.contains("\"by\":\"screen\"") && !bookmarks.contains(movieID: movie.id))
        // And a second undo there says there is nothing to undo
        let again = try await server.postForm("/action", "action=undo&back=%2Fbookmarks", json: true)
        #expect(again.body.contains("Ei kumottavaa."))
        // When refresh is sent from the news page, it passes the screen and the services refresh
        let refresh = try await server.postForm("/action", "action=refresh&back=%2Fnews", json: true)
        #expect(refresh.body.contains("\"by\":\"services\"") && refresh.body.contains(UIStrings.finnish.refreshed))
        // When undo is sent from the news page, nobody has an undo history there: a polite word, not an error
        let nobody = try await server.postForm("/action", "action=undo&back=%2Fnews", json: true)
        #expect(
            nobody.status == 200 && nobody.body.contains("\"handled\":false") && nobody.body.contains("\"by\":\"\""))
        #expect(nobody.body.contains("Ei kumottavaa."))
        // And without JSON, the page itself gets the word
        let form = try await server.postForm("/action", "action=zoom&back=%2Fnews")
        #expect(form.status == 303 && form.header("Location") == "/news" && form.cookies["flash"] != nil)
    }

    @Test func badActionsAndForgedPostsAreRefused() async throws {
        let server = try await WebServer.start()
        defer { Task { await server.stop() } }
        #expect(try await server.postForm("/action", "back=%2Fnews").status == 400)
        #expect(try await server.postForm("/bookmarks/toggle", "movie=abc").status == 400)
        let forged = try await server.client.request(
            "POST", "/bookmarks/toggle", headers: ["Content-Type": "application/x-www-form-urlencoded"],
            body: "movie=1")
        #expect(forged.status == 403)
        // An unknown movie is said in words on its page, not a crash
        let unknown = try await server.postForm("/bookmarks/toggle", "movie=999999")
        #expect(unknown.status == 303 && unknown.cookies["flash"] != nil)
    }
}
