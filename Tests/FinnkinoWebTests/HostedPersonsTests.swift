import AppPatterns
import FinnkinoKit
import FinnkinoStores
import Foundation
import Testing

@testable import FinnkinoWeb

/// A hosted server for many people: every browser is its own person, recognised only by a session
/// token the server made; nobody sees, changes or undoes anyone else's data.
@Suite struct HostedPersonsTests {
    /// A hosted server over bookmark stores in memory, the bundled list's first movie, and two
    /// browsers that have each opened the Movies page (not persons yet: they have changed nothing).
    private static func twoBrowsersOnTheMoviesPage() async throws -> (
        WebServer, Event, (HostedBrowser, HostedBrowser)
    ) {
        let server = try await WebServer.start(bookmarks: try SQLiteBookmarkStores.inMemory(), hosted: true)
        let movie = try #require(try await WebServer.bundledStore(.fi).movies().value.first)
        var a = HostedBrowser(server)
        var b = HostedBrowser(server)
        _ = try await a.get("/movies")
        _ = try await b.get("/movies")
        return (server, movie, (a, b))
    }

    @Test func aFirstChangeMakesAPersonWithAnHttpOnlySessionCookieAndVisitsMakeNobody() async throws {
        let persons = try SQLitePersonStore.inMemory()
        let server = try await WebServer.start(hosted: true, persons: persons)
        defer { Task { await server.stop() } }
        let movie = try #require(try await WebServer.bundledStore(.fi).movies().value.first)
        var browser = HostedBrowser(server)
        // When a browser opens pages (as bots and scanners do too), nobody is made or kept
        for path in ["/movies", "/movie/\(movie.id)", "/bookmarks", "/no-such-page", "/static/app.css", "/healthz"] {
            #expect(try await browser.get(path).cookies["session"] == nil, "\(path)")
        }
        #expect(try persons.count() == 1)
        // When it makes its first change (a bookmark)
        let first = try await browser.post("/bookmarks/toggle", "movie=\(movie.id)")
        // Then it is a person, with a session cookie: HttpOnly, SameSite=Lax, the whole site, not Secure over http
        let cookie = try #require(first.headers.first { $0.value.hasPrefix("session=") }?.value)
        #expect(cookie.contains("HttpOnly") && cookie.contains("SameSite=Lax") && cookie.contains("Path=/"))
        #expect(!cookie.contains("Secure"))
        #expect(try persons.count() == 2)
        #expect(try await browser.get("/bookmarks").body.contains("data-movie=\"\(movie.id)\""))
        // And when it comes back with the cookie, it is the same person: no new cookie, no new person
        let again = try await browser.post("/bookmarks/toggle", "movie=\(movie.id)")
        #expect(again.cookies["session"] == nil && again.status == 303)
        #expect(try persons.count() == 2)
    }

    @Test func personsAreMadeAtMostAtTheServersRateAndNotForFailedChanges() async throws {
        let persons = try SQLitePersonStore.inMemory()
        let server = try await WebServer.start(hosted: true, persons: persons, trustedProxies: ["127.0.0.1"])
        defer { Task { await server.stop() } }
        // When cookieless browsers send changes without a CSRF token, more than the server's rate
        var statuses: [Int] = []
        for _ in 0..<(PersonMiddleware.creationsPerMinute + 2) {
            statuses.append(try await server.client.request("POST", "/action", body: "action=x").status)
        }
        // Then each is refused for its token (403), none is made a person, none spends the rate
        #expect(statuses.allSatisfy { $0 == 403 })
        #expect(try persons.count() == 1)
        // When browsers from many addresses send real first changes (the test server's clock
        // stands still: the bucket does not refill while this runs)
        statuses = []
        for index in 0..<(PersonMiddleware.creationsPerMinute + 2) {
            statuses.append(
                try await server.firstChange("/settings/language", "language=en", from: "192.0.2.\(index % 200)").status
            )
        }
        // Then persons are made up to the server's rate, and those past it get 429
        #expect(statuses.prefix(PersonMiddleware.creationsPerMinute).allSatisfy { $0 == 303 })
        #expect(statuses.suffix(2) == [429, 429])
        #expect(try persons.count() == 1 + PersonMiddleware.creationsPerMinute)
    }

    @Test func overHttpsTheSessionCookieIsSecure() async throws {
        let server = try await WebServer.start(hosted: true, secureCookies: true)
        defer { Task { await server.stop() } }
        var browser = HostedBrowser(server)
        _ = try await browser.get("/news")
        let first = try await browser.post("/action", "action=refresh&back=%2Fnews")
        let cookie = try #require(first.headers.first { $0.value.hasPrefix("session=") }?.value)
        #expect(cookie.contains("Secure"))
    }

    @Test func twoPeopleHaveTheirOwnBookmarksAndUndo() async throws {
        let stores = try SQLiteBookmarkStores.inMemory()
        let server = try await WebServer.start(bookmarks: stores, hosted: true)
        defer { Task { await server.stop() } }
        let movies = try await WebServer.bundledStore(.fi).movies().value
        var a = HostedBrowser(server)
        var b = HostedBrowser(server)
        _ = try await a.get("/movie/\(movies[0].id)")
        _ = try await b.get("/movie/\(movies[1].id)")
        // When A bookmarks a movie
        #expect(try await a.post("/bookmarks/toggle", "movie=\(movies[0].id)").status == 303)
        // Then A's list has it and B's list is empty
        #expect(try await a.get("/bookmarks").body.contains("data-movie=\"\(movies[0].id)\""))
        let empty = try await b.get("/bookmarks").body
        #expect(!empty.contains("data-movie=\""))
        // And the local person (the CLI's) has nothing either
        #expect(try stores.store(for: .local).all().isEmpty)
        // When B bookmarks another movie and A undoes
        #expect(try await b.post("/bookmarks/toggle", "movie=\(movies[1].id)").status == 303)
        #expect(try await a.post("/action", "action=undo&back=%2Fbookmarks").status == 303)
        // Then A's change is undone and B's bookmark stays
        #expect(!(try await a.get("/bookmarks").body.contains("data-movie=\"")))
        #expect(try await b.get("/bookmarks").body.contains("data-movie=\"\(movies[1].id)\""))
        // And a second undo by A finds nothing of A's to undo, and leaves B's alone
        _ = try await a.post("/action", "action=undo&back=%2Fbookmarks")
        #expect(try await b.get("/bookmarks").body.contains("data-movie=\"\(movies[1].id)\""))
    }

    @Test func aMoviePageWrittenInPartsForEveryoneCarriesOnlyItsOwnPersonsStateAndToken() async throws {
        let (server, movie, browsers) = try await Self.twoBrowsersOnTheMoviesPage()
        defer { Task { await server.stop() } }
        var (a, b) = browsers
        // Given A bookmarked the movie and B did something else (both are persons now)
        #expect(try await a.post("/bookmarks/toggle", "movie=\(movie.id)").status == 303)
        #expect(try await b.post("/movies/interest", "movie=\(movie.id + 1)&interested=no").status == 303)
        // When both open its page, one after the other (the parts everyone shares are kept)
        let pageA = try await a.get("/movie/\(movie.id)").body
        let pageB = try await b.get("/movie/\(movie.id)").body
        // Then each page has the same details, each person's own bookmark state and token only
        let tokenA = try #require(a.csrf)
        let tokenB = try #require(b.csrf)
        #expect(tokenA != tokenB)
        #expect(pageA.contains("id=\"bookmark\" aria-pressed=\"true\""))
        #expect(pageB.contains("id=\"bookmark\" aria-pressed=\"false\""))
        #expect(pageA.contains(tokenA) && !pageA.contains(tokenB))
        #expect(pageB.contains(tokenB) && !pageB.contains(tokenA))
        func title(_ page: String) -> Substring? {
            page.range(of: "<h1 class=\"movie-title\">").flatMap { start in
                page[start.lowerBound...].range(of: "</h1>").map { page[start.lowerBound..<$0.upperBound] }
            }
        }
        #expect(title(pageA) != nil && title(pageA) == title(pageB))
    }

    @Test func onePersonsCsrfTokenIsRefusedForAnother() async throws {
        let (server, movie, browsers) = try await Self.twoBrowsersOnTheMoviesPage()
        defer { Task { await server.stop() } }
        var (a, b) = browsers
        // When B's browser sends a form with A's token
        let forged = try await b.post("/bookmarks/toggle", "movie=\(movie.id)", token: a.csrf)
        // Then it is refused and nothing changed
        #expect(forged.status == 403)
        #expect(!(try await b.get("/bookmarks").body.contains("data-movie=\"")))
        // While B's own token works
        #expect(try await b.post("/bookmarks/toggle", "movie=\(movie.id)").status == 303)
    }

    @Test func aForgedUnknownOrSignedOutSessionIsNobodyAndItsChangeANewPerson() async throws {
        let persons = try SQLitePersonStore.inMemory()
        let server = try await WebServer.start(hosted: true, persons: persons)
        defer { Task { await server.stop() } }
        let movie = try #require(try await WebServer.bundledStore(.fi).movies().value.first)
        var a = HostedBrowser(server)
        _ = try await a.get("/movies")
        _ = try await a.post("/bookmarks/toggle", "movie=\(movie.id)")
        let signedOut = try await makeSignedOutSession(persons)
        for cookie in [
            "guessed", String(repeating: "A", count: 43), SessionToken.random().text, signedOut,
            try #require(a.session).replacingOccurrences(of: "A", with: "B"),
        ] where cookie != a.session {
            // When a browser comes with that cookie, it sees nothing of A's, and the cookie is cleared
            var stranger = HostedBrowser(server, session: cookie)
            let page = try await stranger.get("/bookmarks")
            #expect(page.cookies["session"] == "", "\(cookie)")
            #expect(!page.body.contains("data-movie=\""), "\(cookie)")
            // And its first change makes a new person of its own, not A
            var again = HostedBrowser(server, session: cookie)
            _ = try await again.get("/bookmarks")
            let changed = try await again.post("/action", "action=undo&back=%2Fbookmarks")
            let made = try #require(changed.cookies["session"], "\(cookie)")
            #expect(made != a.session && made != cookie)
            #expect(!(try await again.get("/bookmarks").body.contains("data-movie=\"")), "\(cookie)")
        }
        // And A still has their bookmark
        #expect(try await a.get("/bookmarks").body.contains("data-movie=\"\(movie.id)\""))
    }

    @Test func onLoopbackEveryBrowserIsTheLocalPerson() async throws {
        let stores = try SQLiteBookmarkStores.inMemory()
        let persons = try SQLitePersonStore.inMemory()
        let server = try await WebServer.start(bookmarks: stores, persons: persons)
        defer { Task { await server.stop() } }
        let movie = try #require(try await WebServer.bundledStore(.fi).movies().value.first)
        // When a browser on this computer bookmarks a movie
        let page = try await server.get("/movies")
        #expect(page.cookies["session"] == nil)
        #expect(try await server.postForm("/bookmarks/toggle", "movie=\(movie.id)").status == 303)
        // Then it is the local person's bookmark (the CLI's), and no person was made
        #expect(try stores.store(for: .local).contains(movieID: movie.id))
        #expect(try persons.count() == 1)
    }

    @Test func nobodyOpensAnotherPersonsVideosOrEditorByAddress() async throws {
        let data = FileManager.default.temporaryDirectory.appendingPathComponent("hosted-\(UUID())")
        defer { try? FileManager.default.removeItem(at: data) }
        let persons = try SQLitePersonStore.inMemory()
        let server = try await WebServer.start(hosted: true, persons: persons, dataDirectory: data)
        defer { Task { await server.stop() } }
        let movie = try #require(try await WebServer.bundledStore(.fi).movies().value.first)
        var a = HostedBrowser(server)
        var b = HostedBrowser(server)
        _ = try await a.get("/trailer/\(movie.id)")
        _ = try await b.get("/library")
        _ = try await a.post("/action", "action=refresh&back=%2Flibrary")
        _ = try await b.post("/action", "action=refresh&back=%2Flibrary")
        // Given a video in A's library
        let cookie = try #require(a.session)
        let token = try #require(SessionToken(text: cookie))
        let alice = try #require(try persons.person(of: token))
        let library = try SQLiteVideoLibrary(dataDirectory: data)
        let file = library.newVideoFile()
        let clip = try #require(
            try BundledMedia.bundled().clip(
                EventVideo(
                    title: "Trailer", location: "bundled:///media/Event_14001/trailer.mp4", thumbnailLocation: nil,
                    subType: "EventTrailer", format: "Mp4")))
        try FileManager.default.copyItem(at: clip, to: file)
        let video = try await library.add(file, title: "A:n video", edits: [], for: alice)
        // And an editor A opened
        let editor = try #require(try await a.post("/editor", "movie=\(movie.id)").header("Location"))
        let editorBefore = try await a.get(editor)
        #expect(editorBefore.status == 200)
        #expect(try await a.get("/library").body.contains("A:n video"))
        // Then B's library does not list the video, and B cannot reach it or the editor by address
        #expect(!(try await b.get("/library").body.contains("A:n video")))
        for path in [
            "/library/\(video.id)/video.mp4", "/library/\(video.id)/thumbnail.jpg", editor, editor + "/export",
            editor + "/source.mp4",
        ] {
            #expect(try await b.get(path).status == 404, "\(path)")
        }
        // And B's delete and edits find nothing, and leave A's video and editor as they were
        #expect(try await b.post("/library/\(video.id)/delete", "").status == 404)
        #expect(try await b.post(editor + "/edit", "edit=rotate&degrees=90").status == 404)
        #expect(try await a.get("/library/\(video.id)/video.mp4").status == 200)
        #expect(FileManager.default.fileExists(atPath: file.path))
        #expect(try await a.get(editor).body == editorBefore.body)
    }

    @Test func filesImagesAndTheHealthCheckAnswerWhileThePersonsCannotBeRead() async throws {
        let server = try await WebServer.start(hosted: true, persons: UnreachablePersonStore())
        defer { Task { await server.stop() } }
        let session = ["Cookie": "session=\(SessionToken.random().text)"]
        // When the persons' database cannot be reached, a person's page says so (503)
        #expect(try await server.get("/movies", headers: session).status == 503)
        // But the health check and the files answer, with a session cookie too: they ask no store
        for path in ["/healthz", "/static/app.css"] {
            #expect(try await server.get(path, headers: session).status == 200, "\(path)")
        }
    }

    private func makeSignedOutSession(_ persons: PersonStore) async throws -> String {
        let (_, token) = try persons.newPerson()
        try persons.signOut(token)
        return token.text
    }
}

/// When a server is for many people.
@Suite struct HostedModeTests {
    @Test func onlyALoopbackServerReachedByAddressIsLocal() {
        for host in ["127.0.0.1", "127.1.2.3", "localhost", "::1", "LOCALHOST"] {
            #expect(!WebConfiguration.isHosted(host: host, allowedHosts: [], hostedFlag: false), "\(host)")
        }
        for host in ["0.0.0.0", "192.168.1.10", "::", "127.example.org", "127.0.0.1.example.org", "1270.0.0.1", "kino"]
        {
            #expect(WebConfiguration.isHosted(host: host, allowedHosts: [], hostedFlag: false), "\(host)")
        }
        // Behind a reverse proxy the server listens on loopback but is reached through a name
        #expect(WebConfiguration.isHosted(host: "127.0.0.1", allowedHosts: ["kino.example.org"], hostedFlag: false))
        #expect(WebConfiguration.isHosted(host: "127.0.0.1", allowedHosts: [], hostedFlag: true))
    }
}

/// A persons' database that cannot be reached: every call fails.
private struct UnreachablePersonStore: PersonStore {
    let personTables: [String] = []
    var error: PersonStoreError { PersonStoreError("the persons cannot be read: connection refused") }

    func newPerson(device: String, now: Date) throws(PersonStoreError) -> (person: PersonID, token: SessionToken) {
        throw error
    }
    func newJoinCode(for person: PersonID, now: Date) throws(PersonStoreError) -> JoinCode { throw error }
    func join(_ code: JoinCode, device: String, now: Date) throws(PersonStoreError) -> (
        person: PersonID, token: SessionToken
    )? { throw error }
    func devices(of person: PersonID) throws(PersonStoreError) -> [PersonDevice] { throw error }
    func device(of token: SessionToken) throws(PersonStoreError) -> Int64? { throw error }
    func signOut(device id: Int64, of person: PersonID) throws(PersonStoreError) -> Bool { throw error }
    func person(of token: SessionToken, now: Date) throws(PersonStoreError) -> PersonID? { throw error }
    func writeTouches() throws(PersonStoreError) { throw error }
    func signOut(_ token: SessionToken) throws(PersonStoreError) { throw error }
    func signOutAll(of person: PersonID) throws(PersonStoreError) { throw error }
    func erase(_ person: PersonID) throws(PersonStoreError) { throw error }
    func remove(_ person: PersonID, ifNotSeenSince date: Date) throws(PersonStoreError) -> Bool { throw error }
    func dates(of person: PersonID) throws(PersonStoreError) -> (created: Date, lastSeen: Date)? { throw error }
    func persons(notSeenSince date: Date, after: PersonID, limit: Int) throws(PersonStoreError) -> [PersonID] {
        throw error
    }
    func count() throws(PersonStoreError) -> Int { throw error }
    func sessionCount() throws(PersonStoreError) -> Int { throw error }
}
