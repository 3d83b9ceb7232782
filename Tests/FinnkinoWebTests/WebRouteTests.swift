import Foundation
import Hummingbird
import Testing

@testable import FinnkinoKit
@testable import FinnkinoWeb

/// The one table of the app's addresses: each route prints an address that reads back as itself,
/// the router registers exactly the table's patterns, and every link the pages print is one of
/// them.
@Suite struct WebRouteTests {
    /// A route of every pattern, with values that need encoding where a value is text.
    static let examples: [WebRoute] = [
        .root, .healthz, .metrics, .staticFile(name: "app.css"), .manifest, .appIcon(name: "192.png"), .serviceWorker,
        .offline,
        .image(variant: "poster", key: "media/Event_1/portrait.jpg"),
        .movies, .moviesResults, .movie(id: 305_081), .showtimes,
        .show(area: 1014, date: LocalDate(year: 2026, month: 11, day: 27), id: 1_800_123),
        .showCalendar(area: 1002, date: LocalDate(year: 2027, month: 1, day: 1), id: 7), .news,
        .article(id: "kesä uutiset/2026?"),
        .bookmarks, .removeBookmarks, .toggleBookmark, .setLanguage, .setLocation, .setTheatres, .setInterest,
        .hiddenMovies, .bringAllBack, .setWanted, .wantedCalendar(token: "AbC-_9"), .wantedAtom(token: "AbC-_9"),
        .renewFeeds, .setDigest,
        .subscribePush, .unsubscribePush, .action, .live,
        .international,
        .internationalRows, .internationalMovie(id: 27_205), .trailer(movie: 305_081), .trailerClip(movie: 305_081),
        .openEditor, .upload, .editor(session: "5D0C-ab"), .editorSource(session: "5D0C-ab"),
        .edit(session: "5D0C-ab"), .startExport(session: "5D0C-ab"), .cancelExport(session: "5D0C-ab"),
        .exportJob(id: 12), .library, .video(id: 7), .thumbnail(id: 7), .deleteVideo(id: 7), .devices,
        .newJoinCode, .join, .signOut(device: 3), .myData, .deleteMe, .newAPIToken, .revokeAPIToken(id: 4),
        .apiDocument, .api(operation: "shows/1002/2026-11-27/5"), .watchlist, .importWatchlist, .undoWatchlistImport,
        .newTogether, .together(code: "AAAAAAAAAAAAAAAAAAAAAA"), .togetherList(code: "AAAAAAAAAAAAAAAAAAAAAA"),
        .joinTogether(code: "AAAAAAAAAAAAAAAAAAAAAA"), .leaveTogether(code: "AAAAAAAAAAAAAAAAAAAAAA"),
        .setTogether(code: "AAAAAAAAAAAAAAAAAAAAAA"),
    ]

    @Test func everyPatternHasAnExample() {
        #expect(Set(Self.examples.map(\.pattern)) == Set(WebRoute.Pattern.allCases))
    }

    @Test(arguments: examples) func aRoutesAddressReadsBackAsTheRoute(_ route: WebRoute) {
        let path = route.path
        #expect(path.hasPrefix("/") && !path.contains("?") && !path.contains(" "), "\(path)")
        #expect(WebRoute(path: path, method: route.pattern.method) == route, "\(path)")
    }

    /// Every screen's query reads back as itself from the address its route prints, hostile text
    /// included; and what a query does not take is left out, never an error.
    @Test func aQueryPrintsPlainValuesAsTheyAreAndEncodesTheRest() {
        #expect(
            WebRoute.movies.path(MoviesQuery(area: .area(1002), list: .comingSoon)) == "/movies?area=1002&list=soon")
        // Anything but ASCII letters, digits and `-._~:` is encoded: a space, `&`, `%`, an `Ä`.
        #expect(
            WebRoute.movies.path(MoviesQuery(area: .allOfFinland, text: "Äiti 2:n & 50%"))
                == "/movies?area=all&list=now&q=%C3%84iti%202:n%20%26%2050%25&scope=begins")
    }

    @Test func everyQueryReadsBackFromItsAddress() {
        let hostile = "Dyyni & \"osa\" 2 <b>#?=/%+ äö😀"
        let movies: [MoviesQuery] = [
            MoviesQuery(), MoviesQuery(area: .area(1002)), MoviesQuery(area: .allOfFinland, list: .comingSoon),
            MoviesQuery(area: .area(1014), text: hostile, scope: .contains, sort: .premiere),
        ]
        for query in movies {
            let path = WebRoute.movies.path(query)
            #expect(!path.contains(" ") && !path.contains("\"") && !path.contains("<"), "\(path)")
            #expect(MoviesQuery(query: String(path.dropFirst("/movies?".count))) == query, "\(path)")
        }
        let filter = ShowFilter(
            spoken: "fi", subtitles: "sv", picture: .threeD, accessibility: .descriptiveSubtitles, startsFrom: 18 * 60,
            endsBy: 25 * 60, onlyMyTheatres: true)
        let date = LocalDate(year: 2026, month: 11, day: 29)
        for query in [
            ShowtimesQuery(), ShowtimesQuery(area: .area(1002), date: date),
            ShowtimesQuery(movie: 305_081, area: .area(1014), date: date, filter: filter),
        ] {
            let path = WebRoute.showtimes.path(query)
            #expect(ShowtimesQuery(query: path.split(separator: "?").dropFirst().first.map(String.init) ?? "") == query)
        }
        #expect(
            WebRoute.showtimes.path(ShowtimesQuery(area: .area(1002), date: date))
                == "/showtimes?area=1002&date=2026-11-29")
        for query in [NewsQuery(), NewsQuery(category: 1007)] {
            let path = WebRoute.news.path(query)
            #expect(NewsQuery(query: path.split(separator: "?").dropFirst().first.map(String.init) ?? "") == query)
        }
        #expect(WebRoute.news.path(NewsQuery()) == "/news")
        #expect(BookmarksQuery(query: "area=1041") == BookmarksQuery(area: 1041))
        #expect(WebRoute.bookmarks.path(BookmarksQuery(area: 1041)) == "/bookmarks?area=1041")
        for query in [InternationalQuery(), InternationalQuery(list: .topRated, page: 7)] {
            let path = WebRoute.international.path(query)
            #expect(
                InternationalQuery.requested(FormBody(String(path.dropFirst("/international?".count))).values) == query)
        }
        #expect(WebRoute.manifest.path(ManifestQuery(language: .sv)) == "/manifest.webmanifest?lang=sv")
        #expect(ManifestQuery(query: "lang=sv") == ManifestQuery(language: .sv))
        let code = JoinCode(typed: "abcd efgh")
        #expect(DevicesQuery(query: String(WebRoute.devices.path(DevicesQuery(code: code)).dropFirst(9))).code == code)
        #expect(WebRoute.video(id: 7).path(VideoQuery(download: true)) == "/library/7/video.mp4?download=1")
        #expect(
            VideoQuery(query: "download") == VideoQuery(download: true)
                && VideoQuery(query: "") == VideoQuery(download: false))
        let page = "/showtimes?area=1002&date=2026-11-29&spoken=fi"
        #expect(
            LiveQuery(query: String(WebRoute.live.path(LiveQuery(page: page)).dropFirst(6))) == LiveQuery(page: page))
        #expect(
            UploadQuery(query: String(WebRoute.upload.path(UploadQuery(name: hostile)).dropFirst(15))).name == hostile)
        // What a query does not take is left out: the defaults, never an error
        #expect(
            MoviesQuery(query: "area=-1&list=later&scope=x&sort=best&q=" + String(repeating: "a", count: 500))
                == MoviesQuery(text: String(repeating: "a", count: 100)))
        #expect(
            ShowtimesQuery(query: "movie=x&area=0&date=2026-02-30&spoken=xyz&format=4d&from=99:00&mine=2")
                == ShowtimesQuery())
        #expect(
            InternationalQuery.requested(["list": "worst"]) == nil
                && InternationalQuery.requested(["page": "501"]) == nil)
    }

    @Test(arguments: [
        ("/movie/abc", "GET"), ("/movie/0", "GET"), ("/movie/-3", "GET"), ("/movie/", "GET"), ("/movies/", "GET"),
        ("/nothing", "GET"), ("movies", "GET"), ("", "GET"), ("/library/x/video.mp4", "GET"),
        ("/settings/language", "GET"), ("/movies", "POST"), ("/editor/upload", "POST"), ("/image/poster", "GET"),
        ("/show/1014/2026-02-30/5", "GET"), ("/show/1014/tomorrow/5", "GET"), ("/show/0/2026-11-27/5", "GET"),
        ("/show/1014/2026-11-27/x", "GET"), ("/show/1014/2026-11-27", "GET"), ("/show/1014/2026-11-27/5/x.ics", "GET"),
        ("/show/1014/2026-11-27garbage/5", "GET"), ("/show/+1014/2026-11-27/5", "GET"),
        ("/show/1014/2026-1-5/5", "GET"),
        ("/show/1014/-2026-11-27/5", "GET"), ("/show/1014/2026-11-27/+5", "GET"), ("/show/01014/2026-11-27/5", "GET"),
        ("/show/1000000/2026-11-27/5", "GET"), ("/show/1014/2026-11-27/5", "POST"),
    ])
    func anAddressOfNoRouteIsNone(_ path: String, _ method: String) {
        #expect(WebRoute(path: path, method: .init(method)!) == nil)
    }

    @Test func theRouterRegistersExactlyTheTablesPatternsOnce() async throws {
        let server = try await WebServer.start()
        defer { Task { await server.stop() } }
        let registered = server.routes.map { "\($0.method) \($0.path)" }
        // The API's pattern stands for the operations its document registers
        let operations = try APIDocument.bundled().operations.map { operation in
            "\(operation.method.rawValue) \(RouterPath(APIDocument.prefix + "/" + operation.template.joined(separator: "/")))"
        }
        let table =
            WebRoute.Pattern.allCases.filter { $0 != .api }.map { "\($0.method.rawValue) \(RouterPath($0.template))" }
            + operations
        #expect(registered.sorted() == table.sorted())
        #expect(Set(registered).count == registered.count)
    }

    @Test func everyLinkAFormAndAScriptOnThePagesIsARoute() async throws {
        // Given pages of every tab, a movie, its trailer and an editing session
        let server = try await WebServer.start(makeStore: InternationalPagesTests.chartsStore)
        defer { Task { await server.stop() } }
        var pages = [
            "/movies", "/movie/305081", "/showtimes?area=1002", "/news", "/bookmarks", "/international?list=top",
            "/library", "/devices", "/trailer/305081",
        ]
        let list = try await server.get("/international?list=top").body
        let movie = try #require(list.firstMatch(of: try Regex(#"/international/movie/[0-9]+"#))?.output[0].substring)
        pages.append(String(movie))
        let showtimes = try await server.get("/showtimes?area=1002").body
        let show = try #require(showtimes.firstMatch(of: try Regex(#"/show/1002/[0-9-]+/[0-9]+"#))?.output[0].substring)
        pages.append(String(show))
        let opened = try await server.postForm("/editor", "movie=305081")
        try #require(opened.status == 303)
        pages.append(try #require(opened.header("Location")))
        var checked = 0
        for page in pages {
            let reply = try await server.get(page, headers: ["Accept": "text/html"])
            try #require(reply.status == 200, "\(page)")
            // When each address the page names is read
            for (method, address) in Self.addresses(in: reply.body) {
                let path = String(address.split(separator: "?", maxSplits: 1)[0].split(separator: "#")[0])
                // Then it is a route (a script's address, of a route of any method)
                let methods = method == "ANY" ? ["GET", "POST", "PUT"] : [method]
                #expect(
                    methods.contains { WebRoute(path: path, method: .init($0)!) != nil },
                    "\(page): \(method) \(address)")
                checked += 1
            }
        }
        #expect(checked > 100)
    }

    /// The local addresses of a page: every `href`, `src` and `poster` value that starts with `/`
    /// (GET), every `data-*` one (the script's: `ANY` method), and every form's `action` with its
    /// method.
    static func addresses(in html: String) -> [(method: String, address: String)] {
        var found: [(String, String)] = []
        let attribute = try! Regex(#"(href|src|poster|data-[a-z-]+)="(/[^"]*)""#)
        for match in html.matches(of: attribute) {
            let address = String(match.output[2].substring ?? "")
            guard !address.hasPrefix("//") else { continue }
            let method = match.output[1].substring?.hasPrefix("data-") == true ? "ANY" : "GET"
            found.append((method, address.replacingOccurrences(of: "&amp;", with: "&")))
        }
        let form = try! Regex(#"<form([^>]*)>"#)
        for match in html.matches(of: form) {
            let tag = String(match.output[1].substring ?? "")
            guard let action = tag.firstMatch(of: try! Regex(#"action="([^"]*)""#))?.output[1].substring else {
                continue
            }
            found.append((tag.contains("method=\"post\"") ? "POST" : "GET", String(action)))
        }
        return found
    }
}
