import AppPatterns
import Foundation
import TestSupport
import Testing

@testable import FinnkinoKit
@testable import FinnkinoPresentation
@testable import FinnkinoWeb

/// The JSON API, operation by operation, on the bundled data of a fixed day: what each answers, its
/// `ETag` and `304`, its errors as problem details, the hostile parameters that must be a `400`
/// (never a `500`), `405`, CORS, the limit per client, and the personal part with its tokens.
/// (Schemathesis checks the same server against the document: `Tests/Browser/test_api.py`.)
@Suite(.timeLimit(.minutes(3))) struct APITests {
    static let today = WebServer.today.description

    static func json(_ reply: LoopbackClient.Reply) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(reply.bytes)) as? [String: Any], "\(reply.body)")
    }

    // MARK: Each operation

    @Test func areasListTheFeedsAreasWithTheirTheatres() async throws {
        let server = try await WebServer.start()
        defer { Task { await server.stop() } }
        let reply = try await server.get("/api/v1/areas")
        #expect(reply.status == 200 && reply.header("Content-Type")?.hasPrefix("application/json") == true)
        let areas = try #require(try Self.json(reply)["areas"] as? [[String: Any]])
        // Every area of the feed but its placeholder, with the theatres it selects
        let feed = try await WebServer.bundledStore(.fi).areas().value.filter { !$0.isPlaceholder }
        #expect(areas.map { $0["id"] as? Int } == feed.map(\.id))
        let capital = try #require(areas.first { $0["id"] as? Int == 1047 })
        #expect((capital["theatres"] as? [[String: Any]])?.compactMap { $0["areaId"] as? Int } == [1022, 1046])
        #expect((try Self.json(reply)["missingTheatres"] as? [Any])?.isEmpty == true)
    }

    @Test func moviesAreTheMoviesPagesListInItsOrder() async throws {
        let server = try await WebServer.start()
        defer { Task { await server.stop() } }
        let store = try WebServer.bundledStore(.fi)
        // All of Finland, by title: the feed's list in Finnish order
        let all = try #require(try Self.json(await server.get("/api/v1/movies"))["movies"] as? [[String: Any]])
        #expect(all.map { $0["id"] as? Int } == (try await store.movies().value.map(\.id)))
        // By length, the shortest first; coming soon by premiere, the soonest first
        let byLength = try #require(
            try Self.json(await server.get("/api/v1/movies?area=1002&sort=length"))["movies"] as? [[String: Any]])
        let minutes = byLength.compactMap { $0["lengthInMinutes"] as? Int }
        #expect(minutes.count > 3 && minutes == minutes.sorted())
        let soon = try #require(
            try Self.json(await server.get("/api/v1/movies?list=soon&sort=premiere"))["movies"] as? [[String: Any]])
        let premieres = soon.compactMap { $0["premiere"] as? String }
        #expect(!premieres.isEmpty && premieres == premieres.sorted())
        // Searched as the page searches, in Swedish when asked
        let title = try #require(all.first?["title"] as? String)
        let query = try #require(title.split(separator: " ").first).addingPercentEncoding(
            withAllowedCharacters: .alphanumerics)!
        let found = try #require(
            try Self.json(await server.get("/api/v1/movies?q=\(query)"))["movies"] as? [[String: Any]])
        #expect(found.contains { $0["title"] as? String == title })
        let swedish = try await WebServer.bundledStore(.sv).movies().value.first?.title
        #expect(
            (try Self.json(await server.get("/api/v1/movies?lang=sv"))["movies"] as? [[String: Any]])?.first?["title"]
                as? String == swedish)
        // A poster is this server's image route, the movie's page its web address
        let first = try #require(all.first)
        #expect((first["poster"] as? String)?.hasPrefix("/image/poster/") == true)
        #expect(first["webURL"] as? String == "/movie/\(first["id"] as? Int ?? 0)")
    }

    @Test func aMovieIsTheEventWithItsPeople() async throws {
        let server = try await WebServer.start()
        defer { Task { await server.stop() } }
        let event = try await WebServer.bundledStore(.fi).movies().value[0]
        let body = try Self.json(await server.get("/api/v1/movies/\(event.id)"))
        #expect((body["movie"] as? [String: Any])?["originalTitle"] as? String == event.originalTitle)
        #expect(body["synopsis"] as? String == event.synopsis)
        #expect(body["directors"] as? [String] == event.directors.map(\.fullName))
        // A bundled page is nowhere on the web: no link to it
        #expect(body["finnkinoURL"] == nil)
    }

    @Test func showtimesGoThroughTheShowtimesPagesFilter() async throws {
        let server = try await WebServer.start()
        defer { Task { await server.stop() } }
        let shows = try await WebServer.bundledStore(.fi).showtimes(area: 1002, date: WebServer.today).value
        // Every show of the day, in the schedule's order, each with its page and calendar file
        let all = try Self.json(await server.get("/api/v1/showtimes?area=1002&date=\(Self.today)"))
        let listed = try #require(all["shows"] as? [[String: Any]])
        #expect(listed.map { $0["id"] as? Int } == shows.map(\.id) && all["hiddenByFilter"] as? Int == 0)
        #expect(listed[0]["webURL"] as? String == "/show/1002/\(Self.today)/\(shows[0].id)")
        #expect(listed[0]["calendarURL"] as? String == "/show/1002/\(Self.today)/\(shows[0].id)/calendar.ics")
        // Descriptive subtitles: the filter's shows, and how many it left out
        let filter = ShowFilter(accessibility: .descriptiveSubtitles)
        let expected = shows.filter { filter.matches($0) }
        let filtered = try Self.json(await server.get("/api/v1/showtimes?area=1002&date=\(Self.today)&access=hoh"))
        let kept = try #require(filtered["shows"] as? [[String: Any]])
        #expect(!expected.isEmpty && kept.map { $0["id"] as? Int } == expected.map(\.id))
        #expect(filtered["hiddenByFilter"] as? Int == shows.count - expected.count)
        #expect(kept.allSatisfy { ($0["features"] as? [String])?.contains("descriptive-subtitles") == true })
        // In the evening, in 2D, heard in Finnish: the same rule for every part of the filter
        let evening = ShowFilter(spoken: "fi", picture: .twoD, startsFrom: 17 * 60, endsBy: 23 * 60 + 30)
        let inTheEvening = try #require(
            try Self.json(
                await server.get(
                    "/api/v1/showtimes?area=1002&date=\(Self.today)&spoken=fi&format=2d&from=17:00&until=23:30")
            )["shows"] as? [[String: Any]])
        let expectedEvening = shows.filter { evening.matches($0) }
        #expect(!expectedEvening.isEmpty && inTheEvening.map { $0["id"] as? Int } == expectedEvening.map(\.id))
        // Instants as the command line writes them: Helsinki's offset
        #expect(kept[0]["start"] as? String == HelsinkiTime.iso8601(expected[0].start))
        #expect((kept[0]["start"] as? String)?.hasSuffix("+02:00") == true)
        // One movie's shows; a day without (far ahead) is an empty list, not an error
        let movie = shows[0].eventID
        let ofMovie = try #require(
            try Self.json(await server.get("/api/v1/showtimes?area=1002&date=\(Self.today)&movie=\(movie)"))["shows"]
                as? [[String: Any]])
        #expect(!ofMovie.isEmpty && ofMovie.allSatisfy { $0["movieId"] as? Int == movie })
        let far = try await server.get("/api/v1/showtimes?area=1002&date=2031-01-01")
        let farShows = try Self.json(far)["shows"] as? [Any]
        #expect(far.status == 200 && farShows?.isEmpty == true)
    }

    @Test func aShowIsFoundWhereItIsListed() async throws {
        let server = try await WebServer.start()
        defer { Task { await server.stop() } }
        let show = try await WebServer.bundledStore(.fi).showtimes(area: 1002, date: WebServer.today).value[3]
        let body = try Self.json(await server.get("/api/v1/shows/1002/\(Self.today)/\(show.id)"))
        let answered = try #require(body["show"] as? [String: Any])
        #expect(answered["id"] as? Int == show.id && answered["theatre"] as? String == show.theatre)
        #expect((body["source"] as? [String: Any])?["stale"] as? Bool == false)
        // Not at another area's address
        #expect(try await server.get("/api/v1/shows/1018/\(Self.today)/\(show.id)").status == 404)
    }

    // MARK: Caching

    @Test(arguments: [
        ("/api/v1/areas", 86_400), ("/api/v1/movies?area=1002", 3600), ("/api/v1/showtimes?area=1002", 900),
    ])
    func anAnswerHasATagAndItsFeedsPeriodAnd304WhileItIsTheSame(path: String, period: Int) async throws {
        let server = try await WebServer.start()
        defer { Task { await server.stop() } }
        let first = try await server.get(path)
        let tag = try #require(first.header("ETag"))
        #expect(tag.hasPrefix("\"") && tag.hasSuffix("\"") && tag.count == 34)
        // What is left of the feed's period: all of it, but for the moments the answer took
        let control = try #require(first.header("Cache-Control"))
        let match = try #require(control.firstMatch(of: /^public, max-age=([0-9]+)$/))
        let left = try #require(Int(match.1))
        #expect(left <= period && left >= period - 60, "\(control)")
        // The same answer has the same tag; with it, 304 and no body
        #expect(try await server.get(path).header("ETag") == tag)
        let again = try await server.get(path, headers: ["If-None-Match": tag])
        #expect(again.status == 304 && again.bytes.isEmpty && again.header("ETag") == tag)
        #expect(try await server.get(path, headers: ["If-None-Match": "W/\(tag), \"other\""]).status == 304)
        #expect(try await server.get(path, headers: ["If-None-Match": "\"other\""]).status == 200)
        // Another answer, another tag
        #expect(try await server.get(path + (path.contains("?") ? "&" : "?") + "lang=en").header("ETag") != tag)
    }

    // MARK: Errors

    @Test func whatDoesNotExistIs404ProblemDetails() async throws {
        let server = try await WebServer.start()
        defer { Task { await server.stop() } }
        for path in [
            "/api/v1/movies/999999", "/api/v1/movies?area=9999", "/api/v1/showtimes?area=9999",
            "/api/v1/shows/1002/2026-11-22/5",
        ] {
            try await Self.expectNotFound(server.get(path))
        }
    }

    static func expectNotFound(_ reply: LoopbackClient.Reply) throws {
        #expect(reply.status == 404 && reply.header("Content-Type")?.hasPrefix("application/problem+json") == true)
        let problem = try Self.json(reply)
        #expect(problem["status"] as? Int == 404 && problem["title"] as? String == "Not Found")
        #expect(problem["type"] as? String == "about:blank" && (problem["detail"] as? String)?.isEmpty == false)
    }

    /// A hostile parameter set: each a 400 that names the parameter, never a 500.
    static let hostile: [(path: String, parameter: String)] = [
        ("/api/v1/showtimes?area=99999999999999999999999", "area"),
        ("/api/v1/showtimes?area=-1002", "area"), ("/api/v1/showtimes?area=1002.0", "area"),
        ("/api/v1/showtimes?area=%2B1002", "area"), ("/api/v1/showtimes?area=01002", "area"),
        ("/api/v1/showtimes?area=1002%00", "area"), ("/api/v1/showtimes?area=1002&area=1014", "area"),
        ("/api/v1/showtimes", "area"), ("/api/v1/showtimes?area=", "area"),
        ("/api/v1/showtimes?area=1002&date=2026-02-30", "date"), ("/api/v1/showtimes?area=1002&date=tomorrow", "date"),
        ("/api/v1/showtimes?area=1002&date=2026-11-22%00", "date"),
        ("/api/v1/showtimes?area=1002&spoken=%FF%FE", "spoken"), ("/api/v1/showtimes?area=1002&spoken=fin", "spoken"),
        ("/api/v1/showtimes?area=1002&format=4dx", "format"), ("/api/v1/showtimes?area=1002&access=HOH", "access"),
        ("/api/v1/showtimes?area=1002&from=24:60", "from"), ("/api/v1/showtimes?area=1002&until=1800", "until"),
        ("/api/v1/showtimes?area=1002&movie=0", "movie"),
        ("/api/v1/movies?q=%00", "q"), ("/api/v1/movies?q=a%0Ab", "q"), ("/api/v1/movies?q=%C3%28", "q"),
        ("/api/v1/movies?q=" + String(repeating: "x", count: 101), "q"), ("/api/v1/movies?q=", "q"),
        ("/api/v1/movies?list=later", "list"), ("/api/v1/movies?sort=title&sort=score", "sort"),
        ("/api/v1/movies?lang=de", "lang"), ("/api/v1/movies/abc", "movieId"),
        ("/api/v1/movies/1e3", "movieId"), ("/api/v1/movies/%FF", "movieId"),
        ("/api/v1/movies/9999999999999999999999999999", "movieId"),
        ("/api/v1/shows/1002/2026-13-01/5", "date"), ("/api/v1/shows/x/2026-11-22/5", "area"),
        ("/api/v1/me/bookmarks?area=0", "area"),
    ]

    /// (One server for the whole set: each case is a request, and 34 servers started under
    /// ThreadSanitizer were load enough to starve other suites' waits.)
    @Test func aBadParameterIs400NamingIt() async throws {
        let server = try await WebServer.start()
        defer { Task { await server.stop() } }
        for (path, parameter) in Self.hostile {
            let reply = try await server.get(path)
            #expect(reply.status == 400, "\(path): \(reply.body)")
            #expect(reply.header("Content-Type")?.hasPrefix("application/problem+json") == true, "\(path)")
            let problem = try Self.json(reply)
            #expect(problem["parameter"] as? String == parameter && problem["status"] as? Int == 400, "\(problem)")
            #expect((problem["detail"] as? String)?.contains(parameter) == true, "\(path)")
        }
    }

    @Test func aHeaderTooLongIs400AndATabInItIsNot() async throws {
        let server = try await WebServer.start()
        defer { Task { await server.stop() } }
        let long = try await server.get(
            "/api/v1/areas", headers: ["If-None-Match": String(repeating: "0", count: 1001)])
        let named = try Self.json(long)["parameter"] as? String
        #expect(long.status == 400 && named == "If-None-Match")
        #expect(try await server.get("/api/v1/areas", headers: ["If-None-Match": "\"a\"\t"]).status == 200)
    }

    @Test func anUndeclaredMethodIs405WithAllowAndAnUnknownPath404() async throws {
        let server = try await WebServer.start()
        defer { Task { await server.stop() } }
        for method in ["POST", "PUT", "DELETE", "PATCH", "HEAD"] {
            let reply = try await server.client.request(method, "/api/v1/movies/305081", headers: [:])
            #expect(reply.status == 405 && reply.header("Allow") == "GET", "\(method)")
        }
        #expect(try await server.client.request("POST", "/api/openapi.json", headers: [:]).header("Allow") == "GET")
        for path in ["/api/v1/nothing", "/api/v2/areas", "/api/v1/movies/1/more", "/api"] {
            let reply = try await server.get(path, headers: ["Accept": "text/html"])
            #expect(
                reply.status == 404 && reply.header("Content-Type")?.hasPrefix("application/problem+json") == true,
                "\(path)")
        }
    }

    @Test func aSourceThatIsDownWithNothingSavedIs503() async throws {
        let server = try await WebServer.start(makeStore: PageOutcomeTests.downStore)
        defer { Task { await server.stop() } }
        for path in ["/api/v1/areas", "/api/v1/movies", "/api/v1/movies/305081", "/api/v1/showtimes?area=1002"] {
            let reply = try await server.get(path)
            #expect(reply.status == 503 && reply.header("Retry-After") == "60", "\(path)")
            #expect(try Self.json(reply)["status"] as? Int == 503)
            // (the cause goes to the log, not to the client)
            #expect(!reply.body.contains("refused"))
        }
    }

    @Test func aClientBeyondItsRateGets429WithRetryAfter() async throws {
        let server = try await WebServer.start(apiRequestsPerMinute: 3)
        defer { Task { await server.stop() } }
        for _ in 0..<3 { #expect(try await server.get("/api/v1/areas").status == 200) }
        let refused = try await server.get("/api/v1/areas")
        #expect(refused.status == 429 && refused.header("Retry-After") == "20")
        #expect(try Self.json(refused)["status"] as? Int == 429)
        // The pages are not the API's: they are not held back by it
        #expect(try await server.get("/movies").status == 200)
    }

    @Test func theOperatorSeesTheAPIByOperationNeverByAddress() async throws {
        let server = try await WebServer.start()
        defer { Task { await server.stop() } }
        #expect(try await server.get("/api/v1/movies/305081").status == 200)
        #expect(try await server.get("/api/v1/movies/abc9f2").status == 400)
        let metrics = try await server.get("/metrics").body
        // A refusal before routing is counted by the operation's pattern too
        for status in [200, 400] {
            #expect(
                metrics.contains(
                    #"finnkino_http_requests_total{route="/api/v1/movies/{movieId}",method="GET",status="\#(status)"}"#)
            )
        }
        #expect(!metrics.contains("abc9f2"))
    }

    // MARK: CORS and the document

    @Test func theProgrammeIsReadableFromAnyOriginAndNothingPersonalIs() async throws {
        let server = try await WebServer.start()
        defer { Task { await server.stop() } }
        let programme = try await server.get("/api/v1/areas", headers: ["Origin": "https://dashboard.example"])
        #expect(programme.header("Access-Control-Allow-Origin") == "*")
        #expect(programme.header("Access-Control-Allow-Credentials") == nil)
        let preflight = try await server.client.request(
            "OPTIONS", "/api/v1/showtimes",
            headers: ["Origin": "https://dashboard.example", "Access-Control-Request-Method": "GET"])
        #expect(preflight.status == 204 && preflight.header("Access-Control-Allow-Methods") == "GET")
        #expect(preflight.header("Access-Control-Allow-Headers") == "If-None-Match")
        // A person's lists answer no other origin (and take no cookie: only a token)
        for path in ["/api/v1/me/bookmarks", "/api/v1/me/wanted"] {
            let reply = try await server.get(path, headers: ["Origin": "https://evil.example"])
            #expect(reply.status == 401 && reply.header("Access-Control-Allow-Origin") == nil)
            #expect(reply.header("WWW-Authenticate") == "Bearer realm=\"finnkino\"")
            let preflight = try await server.client.request(
                "OPTIONS", path, headers: ["Origin": "https://evil.example"])
            #expect(preflight.header("Access-Control-Allow-Origin") == nil)
        }
    }

    @Test func theDocumentIsServedAsItIsAndNamesEveryOperation() async throws {
        let server = try await WebServer.start()
        defer { Task { await server.stop() } }
        let reply = try await server.get("/api/openapi.json")
        let bundled = try APIDocument.bundled().bytes
        #expect(reply.status == 200 && reply.bytes == bundled)
        let document = try Self.json(reply)
        #expect(document["openapi"] as? String == "3.1.0")
        #expect(
            Set((try APIDocument.bundled()).operations.map(\.id))
                == ["listAreas", "listMovies", "getMovie", "listShowtimes", "getShow", "myBookmarks", "myWanted"])
    }

    // MARK: A person's own

    @Test func aTokenReadsItsPersonsListsAndNoOneElses() async throws {
        let server = try await WebServer.start(hosted: true)
        defer { Task { await server.stop() } }
        let shows = try await WebServer.bundledStore(.fi).showtimes(area: 1002, date: WebServer.today).value
        let later = try #require(shows.first { $0.start > WebServer.morning.addingTimeInterval(3600) })
        let wantedMovie = try await WebServer.bundledStore(.fi).movies().value[2].id
        // Given A, who bookmarked a movie that plays today and wants another, with a token
        var a = HostedBrowser(server)
        _ = try await a.get("/movie/\(later.eventID)")
        _ = try await a.post("/bookmarks/toggle", "movie=\(later.eventID)")
        _ = try await a.post("/movies/wanted", "movie=\(wantedMovie)&wanted=yes")
        let page = try await a.post("/devices/tokens", "name=Home%20Assistant")
        #expect(page.status == 200 && page.header("Cache-Control") == "no-store")
        let secret = try #require(page.body.firstMatch(of: /id="new-api-token"[^>]*>(fk_[A-Za-z0-9_-]{43})</)?.1)
        // And B, with a token of their own and nothing else
        var b = HostedBrowser(server)
        _ = try await b.get("/devices")
        let bs = try #require(
            try await b.post("/devices/tokens", "name=B").body.firstMatch(of: /(fk_[A-Za-z0-9_-]{43})</)?.1)
        // Then A's token reads A's bookmark, with its next shows in the area
        let bookmarks = try await server.get("/api/v1/me/bookmarks", headers: ["Authorization": "Bearer \(secret)"])
        #expect(bookmarks.status == 200 && bookmarks.header("Cache-Control") == "private, no-cache")
        let listed = try #require(try Self.json(bookmarks)["bookmarks"] as? [[String: Any]])
        #expect(listed.map { $0["movieId"] as? Int } == [later.eventID])
        let next = try #require(listed[0]["nextShows"] as? [[String: Any]])
        #expect(!next.isEmpty && next.count <= 5 && next.allSatisfy { $0["movieId"] as? Int == later.eventID })
        let wanted = try Self.json(
            await server.get("/api/v1/me/wanted", headers: ["Authorization": "Bearer \(secret)"]))
        #expect((wanted["wanted"] as? [[String: Any]])?.map { $0["movieId"] as? Int } == [wantedMovie])
        // And B's reads B's: nothing
        let theirs = try Self.json(await server.get("/api/v1/me/bookmarks", headers: ["Authorization": "Bearer \(bs)"]))
        #expect((theirs["bookmarks"] as? [Any])?.isEmpty == true)
        // A cookie opens nothing here, nor does a made-up or malformed token
        let cookie = "session=\(try #require(a.session))"
        #expect(try await server.get("/api/v1/me/wanted", headers: ["Cookie": cookie]).status == 401)
        for bad in ["Bearer fk_" + String(repeating: "A", count: 43), "Bearer \(secret)x", "Basic \(secret)", "Bearer"]
        {
            #expect(try await server.get("/api/v1/me/wanted", headers: ["Authorization": bad]).status == 401, "\(bad)")
        }
        // The Devices page lists the token by its name, never its secret again
        let devices = try await a.get("/devices").body
        #expect(devices.contains("Home Assistant") && !devices.contains(String(secret)))
        // When A revokes it, it opens nothing
        let id = try #require(devices.firstMatch(of: /\/devices\/tokens\/([0-9]+)\/revoke/)?.1)
        #expect(try await a.post("/devices/tokens/\(id)/revoke", "").status == 303)
        #expect(
            try await server.get("/api/v1/me/wanted", headers: ["Authorization": "Bearer \(secret)"]).status == 401)
        // And B cannot revoke A's (another's ID is no token of theirs)
        #expect(try await b.post("/devices/tokens/\(id)/revoke", "").status == 404)
    }

    @Test func aTokenNeedsANameAndAPersonKeepsTen() async throws {
        let server = try await WebServer.start(hosted: true)
        defer { Task { await server.stop() } }
        var a = HostedBrowser(server)
        _ = try await a.get("/devices")
        // A blank name makes no token (and no person of a browser that was nobody)
        // (sent back to the page, which says why: its form then works, as a new page's does)
        let blank = try await a.post("/devices/tokens", "name=%20%20")
        #expect(blank.status == 303 && !blank.body.contains("fk_"))
        #expect(
            blank.cookies[ClientState.flashCookie]?.removingPercentEncoding == UILanguage.fi.devices.tokenNameRequired)
        #expect(a.session == nil)
        for index in 0..<10 { #expect(try await a.post("/devices/tokens", "name=t\(index)").status == 200) }
        // The eleventh is refused, and the form is gone until one is revoked
        let page = try await a.get("/devices")
        #expect(!page.body.contains("id=\"make-token\""))
        let refused = try await a.post("/devices/tokens", "name=more")
        #expect(refused.status == 303 && !refused.body.contains("fk_"))
        #expect(
            refused.cookies[ClientState.flashCookie]?.removingPercentEncoding == UILanguage.fi.devices.tooManyTokens)
    }

    @Test func theLocalPersonMakesTokensToo() async throws {
        let server = try await WebServer.start()
        defer { Task { await server.stop() } }
        let page = try await server.postForm("/devices/tokens", "name=e-ink")
        let secret = try #require(page.body.firstMatch(of: /id="new-api-token"[^>]*>(fk_[A-Za-z0-9_-]{43})</)?.1)
        #expect(
            try await server.get("/api/v1/me/bookmarks", headers: ["Authorization": "Bearer \(secret)"]).status == 200)
    }
}
