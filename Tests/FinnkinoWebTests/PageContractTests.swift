import AppPatterns
import FinnkinoKit
import Foundation
import ImagePipeline
import Testing

@testable import FinnkinoWeb

/// Every page over the bundled dataset: status, content type, security headers, language, and the
/// markup contract the page's script and the browser suite rely on. These ten tests were lost in
/// the typed route table's refactor (278ce4a) and are back (issue 37) with what they asserted.
@Suite struct PageContractTests {
    /// The app's policy (since 278ce4a it also names the manifest's and the worker's sources).
    static let csp = finnkinoContentSecurityPolicy

    @Test func everyRouteAnswersWithItsTypeAndSecurityHeaders() async throws {
        // Given the app on the bundled dataset
        let server = try await WebServer.start()
        defer { Task { await server.stop() } }
        let movie = try #require(try await WebServer.bundledStore(.fi).movies().value.first)
        let article = try #require(try await WebServer.bundledStore(.fi).news().value.first)
        let thumbnail = try #require(ImageLink.path(movie.images.thumbnail, variant: ImageVariants.plain))
        let routes: [(path: String, status: Int, type: String)] = [
            ("/movies", 200, "text/html"), ("/movies?area=1041&list=soon&q=a&scope=contains", 200, "text/html"),
            ("/movies/results?q=a", 200, "text/html"), ("/movie/\(movie.id)", 200, "text/html"),
            ("/movie/1", 404, "text/html"), ("/showtimes", 200, "text/html"),
            ("/showtimes?movie=\(movie.id)&area=1002&date=2026-11-23", 200, "text/html"), ("/news", 200, "text/html"),
            ("/news?category=1", 200, "text/html"), ("/news/\(article.id)", 200, "text/html"),
            ("/news/nope", 404, "text/html"), ("/static/app.css", 200, "text/css"),
            ("/static/icon.svg", 200, "image/svg+xml"),
            ("/static/app.js", 200, "text/javascript"), (thumbnail, 200, "image/jpeg"), ("/healthz", 200, "text/plain"),
            ("/live?page=%2Fmovie%2F1", 204, ""), ("/nowhere", 404, "text/plain"),
        ]
        // A first start opens on Movies (later, / opens where the user left off: PlaceRestorationTests)
        let root = try await server.get("/")
        #expect(root.status == 302 && root.header("Location") == "/movies")
        for route in routes {
            // When each is requested
            let reply = try await server.get(route.path)
            // Then it answers as expected, always with the security headers
            #expect(reply.status == route.status, "\(route.path)")
            #expect((reply.header("Content-Type") ?? "").hasPrefix(route.type), "\(route.path)")
            #expect(reply.header("Content-Security-Policy") == Self.csp, "\(route.path)")
            #expect(reply.header("X-Content-Type-Options") == "nosniff", "\(route.path)")
            #expect(reply.header("Referrer-Policy") == "same-origin", "\(route.path)")
        }
        #expect(try await server.get("/healthz").body == "ok")
    }

    @Test func aHeadRequestGetsTheHeadersOfItsGetWithoutTheBody() async throws {
        let server = try await WebServer.start()
        defer { Task { await server.stop() } }
        for path in ["/healthz", "/static/app.css", "/movies?area=1002"] {
            let get = try await server.get(path)
            let head = try await server.client.request("HEAD", path)
            #expect(head.status == 200, "\(path)")
            #expect(head.bytes.isEmpty, "\(path)")
            #expect(head.header("Content-Type") == get.header("Content-Type"), "\(path)")
            #expect(head.header("Content-Security-Policy") == Self.csp, "\(path)")
        }
        let css = try await server.get("/static/app.css")
        let headOfCSS = try await server.client.request("HEAD", "/static/app.css")
        #expect(headOfCSS.header("Content-Length") == String(css.bytes.count))
        // A path that is no page is no more found by HEAD than by GET.
        #expect(try await server.client.request("HEAD", "/nowhere").status == 404)
    }

    @Test func aMistypedAddressGetsAPageThatSaysSo() async throws {
        let server = try await WebServer.start()
        defer { Task { await server.stop() } }
        let browser = ["Accept": "text/html,application/xhtml+xml,*/*;q=0.8"]
        // When a browser asks for addresses that do not exist, in Finnish and in English
        let finnish = try await server.get("/elokuvat", headers: browser)
        let english = try await server.get(
            "/movie/abc", headers: browser.merging(["Accept-Language": "en"]) { $1 })
        // Then each is a 404 page of the app in that language, with the tabs and a way back
        #expect(finnish.status == 404 && (finnish.header("Content-Type") ?? "").hasPrefix("text/html"))
        #expect(finnish.body.contains("<h1>Sivua ei löytynyt.</h1>") && finnish.body.contains("<nav class=\"tabs\""))
        #expect(english.status == 404 && english.body.contains("<a href=\"/movies\">Back to movies</a>"))
        #expect(english.header("Content-Security-Policy") == Self.csp)
        // And files, images and fragments, or clients that do not want HTML, keep the short answer
        for path in ["/static/nope.css", "/movies/results/nope"] {
            let reply = try await server.get(path, headers: browser)
            #expect(reply.status == 404 && (reply.header("Content-Type") ?? "").hasPrefix("text/plain"), "\(path)")
        }
        #expect(try await server.get("/elokuvat").header("Content-Type")?.hasPrefix("text/plain") == true)
    }

    @Test func pagesFollowTheDOMContract() async throws {
        let server = try await WebServer.start()
        defer { Task { await server.stop() } }
        // Given the movies page in English
        let page = try await server.get("/movies", headers: ["Accept-Language": "en-GB,en;q=0.9"]).body
        // Then it has the contract's landmarks, and no inline script or style
        for marker in [
            "<html lang=\"en\">", "<title>Movies – Finnkino</title>", "<nav class=\"tabs\"", "data-tab=\"movies\"",
            "aria-current=\"page\"", "form id=\"language-form\"", "<select id=\"area\" name=\"area\">",
            "button id=\"apply\"", "data-list=\"now\"", "data-list=\"soon\"",
            "<input id=\"q\" type=\"search\" name=\"q\"",
            "name=\"scope\" value=\"begins\"", "name=\"scope\" value=\"contains\"", "<div id=\"results\"",
            "<li class=\"movie\"><a class=\"movie-link\" href=\"/movie/", "class=\"thumb\"", "<nav class=\"az\"",
            "<h2 class=\"letter\" id=\"letter-",
        ] {
            #expect(page.contains(marker), "missing \(marker)")
        }
        #expect(!page.contains("style=") && !page.contains("<script>") && !page.contains("onclick"))
        #expect(page.contains("<option value=\"1002\" selected>"))
        // And a search with no match says so
        let empty = try await server.get("/movies/results?q=zzzqqq").body
        #expect(empty.contains("<p class=\"empty\">"))
        #expect(!empty.contains("<html"))
    }

    @Test func languageComesFromTheCookieElseAcceptLanguage() async throws {
        let server = try await WebServer.start()
        defer { Task { await server.stop() } }
        #expect(try await server.get("/news").body.contains("<html lang=\"fi\">"))
        #expect(
            try await server.get("/news", headers: ["Accept-Language": "sv, en;q=0.5"]).body.contains(
                "<html lang=\"sv\">"))
        #expect(
            try await server.get("/news", headers: ["Accept-Language": "de, en;q=0.5"]).body.contains(
                "<html lang=\"en\">"))
        #expect(
            try await server.get("/news", headers: ["Accept-Language": "en;q=0.4, fi;q=0.8"]).body.contains(
                "<html lang=\"fi\">"))
        let cookie = try await server.get("/news", headers: ["Accept-Language": "fi", "Cookie": "lang=en"])
        #expect(cookie.body.contains("<html lang=\"en\">") && cookie.body.contains("<title>News – Finnkino</title>"))
    }

    @Test func anUnknownMovieIsNotFoundInEveryLanguage() async throws {
        let server = try await WebServer.start()
        defer { Task { await server.stop() } }
        let movie = try #require(try await WebServer.bundledStore(.fi).movies().value.first)
        for language in ["fi", "sv", "en"] {
            let cookie = ["Cookie": "lang=\(language)"]
            let unknown = try await server.get("/movie/999999", headers: cookie)
            #expect(unknown.status == 404, "\(language)")
            #expect(unknown.body.contains("<html lang=\"\(language)\">"))
            let bundled = try await server.get("/movie/\(movie.id)", headers: cookie)
            #expect(bundled.status == 200, "\(language)")
        }
    }

    @Test func acceptLanguageParsing() {
        #expect(ClientState.preferredLanguage("en-US,en;q=0.9") == .en)
        #expect(ClientState.preferredLanguage("de, fi;q=0.2, en;q=0.1") == .fi)
        #expect(ClientState.preferredLanguage("de, fr") == nil)
        #expect(ClientState.preferredLanguage("sv-FI, fi;q=0.9") == .sv)
        #expect(ClientState.preferredLanguage("en;q=0, fi;q=0") == nil)
        #expect(ClientState.preferredLanguage(nil) == nil)
    }

    @Test func chosenAreaIsRemembered() async throws {
        let server = try await WebServer.start()
        defer { Task { await server.stop() } }
        // Given the user picks Lappeenranta
        let chosen = try await server.get("/movies?area=1041")
        #expect(chosen.cookies["area"] == "1041")
        // For a year, for the whole site, out of scripts' reach, and sent along a link from elsewhere
        let line = chosen.headers.first { $0.name.lowercased() == "set-cookie" && $0.value.hasPrefix("area=") }
        #expect(line?.value == "area=1041; Max-Age=31536000; Path=/; HttpOnly; SameSite=Lax")
        // When they come back without an area
        let back = try await server.get("/movies", headers: ["Cookie": "area=1041"])
        // Then the picker shows it and the list is that area's
        #expect(back.body.contains("<option value=\"1041\" selected>"))
        #expect(
            try await server.get("/showtimes", headers: ["Cookie": "area=1041"]).body.contains(
                "<option value=\"1041\" selected>"))
    }

    /// One area rule (``AreaChoice``): a person with a home area who last chose all of Finland
    /// sees their home area's shows on Bookmarks and on a movie's page alike (Bookmarks said the
    /// home area and the movie page Helsinki before).
    @Test func allOfFinlandLeavesEveryPageOfShowsOnTheHomeArea() async throws {
        let server = try await WebServer.start()
        defer { Task { await server.stop() } }
        // Given Lappeenranta became the home area, and then all of Finland was chosen
        let lappeenranta = try await server.get("/movies?area=1041")
        let movie = try #require(lappeenranta.body.firstMatch(of: /href="\/movie\/(\d+)"/)?.1)
        let all = try await server.get("/movies?area=all")
        #expect(all.cookies["area"] == "all")
        let cookie = ["Cookie": "area=all"]
        // Then the Movies list is all of Finland's
        #expect(try await server.get("/movies", headers: cookie).body.contains("<option value=\"all\" selected>"))
        // And Bookmarks and the movie page both show Lappeenranta's shows
        #expect(try await server.get("/bookmarks", headers: cookie).body.contains("/bookmarks?area=1041"))
        let moviePage = try await server.get("/movie/\(movie)", headers: cookie).body
        #expect(moviePage.contains("/show/1041/"))
        #expect(!moviePage.contains("/show/1002/"))
        // And so does Showtimes
        #expect(
            try await server.get("/showtimes?movie=\(movie)", headers: cookie).body.contains(
                "<option value=\"1041\" selected>"))
    }

    /// The same rule where nothing was chosen on this browser (no cookie: a device that joined
    /// with a code, a cleared cookie): every page shows the person's home area, not Helsinki.
    @Test func withoutACookieEveryPageShowsTheHomeArea() async throws {
        let server = try await WebServer.start()
        defer { Task { await server.stop() } }
        // Given Lappeenranta became the home area on another browser of the person
        _ = try await server.get("/movies?area=1041")
        // Then a browser without the cookie sees Lappeenranta on Movies and Showtimes alike
        #expect(try await server.get("/movies").body.contains("<option value=\"1041\" selected>"))
        #expect(try await server.get("/showtimes").body.contains("<option value=\"1041\" selected>"))
        #expect(try await server.get("/bookmarks").body.contains("/bookmarks?area=1041"))
    }

    @Test func traversalOnStaticAndImagesIsNotFound() async throws {
        let server = try await WebServer.start()
        defer { Task { await server.stop() } }
        for path in [
            "/static/../Package.swift", "/static/%2e%2e%2fPackage.swift", "/static/app.css%00", "/static/manifest.json",
            "/image/plain/media/../manifest.json", "/image/plain/media/..%2fmanifest.json",
            "/image/plain/media/%2e%2e/%2e%2e/Package.swift", "/image/plain/media/Event_14048/..%2F..%2Fmanifest.json",
            "/image/plain/manifest.json",
            "/image/plain/web/0123456789abcdef/x.jpg", "/image/nope/media/Event_14048/portrait_small.jpg",
            "/media/Event_14048/portrait_small.jpg",
        ] {
            let reply = try await server.get(path)
            #expect(reply.status == 404, "\(path)")
            #expect(!reply.body.contains("formatVersion") && !reply.body.contains("PackageDescription"), "\(path)")
        }
        // A path inside the bundle's media that names no image is the placeholder, not an error
        for path in ["/image/plain/media/Event_14048/missing.jpg", "/image/plain/media//etc/passwd"] {
            let missing = try await server.get(path)
            #expect(missing.header("Content-Type") == "image/svg+xml" && missing.body.hasPrefix("<svg"), "\(path)")
        }
    }

    @Test func showtimesFollowTheContract() async throws {
        let server = try await WebServer.start()
        defer { Task { await server.stop() } }
        let page = try await server.get("/showtimes?area=1002&date=2026-11-23").body
        #expect(page.contains("<nav class=\"dates\""))
        #expect(
            page.contains("data-date=\"2026-11-23\" href=\"/showtimes?area=1002&amp;date=2026-11-23\" aria-current"))
        #expect(page.contains("<section class=\"theatre\"><h2>"))
        // (the time became a link to the show's page with the show pages, 6f499dc)
        #expect(page.contains("<li class=\"show\"><a class=\"show-time\" href=\"/show/1002/2026-11-23/"))
        let empty = try await server.get("/showtimes?area=1002&date=2027-06-01").body
        #expect(empty.contains("<p class=\"empty\">"))
    }

    @Test func newsAndArticleFollowTheContract() async throws {
        let server = try await WebServer.start()
        defer { Task { await server.stop() } }
        let page = try await server.get("/news").body
        #expect(page.contains("<section class=\"category\"><h2>"))
        #expect(page.contains("<ul class=\"cards\"><li class=\"card\"><a href=\"/news/"))
        #expect(page.contains("class=\"card-title\""))
        let article = try #require(try await WebServer.bundledStore(.fi).news().value.first)
        let body = try await server.get("/news/\(article.id)").body
        #expect(body.contains("<h1 class=\"article-title\">") && body.contains("<div class=\"article-content\">"))
        #expect(body.contains("class=\"article-date\""))
    }
}
