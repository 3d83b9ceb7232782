import AppPatterns
import AppPatternsTesting
import FinnkinoKit
import Foundation
import Testing
import WebSupport

@testable import FinnkinoWeb

/// Escaping, sanitising and CSRF.
@Suite struct WebSecurityTests {
    static let hostile = "<script>alert(1)</script>"

    /// A store whose every Events answer lists one movie with a hostile title.
    @Sendable static func hostileStore(_ language: ContentLanguage) throws -> FeedStore {
        let title = "&lt;script&gt;alert(1)&lt;/script&gt;"
        let document =
            "<?xml version=\"1.0\"?><Events><Event><ID>7</ID><Title>\(title)</Title>"
            + "<OriginalTitle>\(title)</OriginalTitle><Genres>\(title)</Genres></Event></Events>"
        let transport = StubTransport(.status(200, body: Data(document.utf8)))
        return FeedStore(webService: WebService(transport: transport), language: language)
    }

    @Test func theOneEscapingFunctionEscapesMarkup() {
        #expect(HTMLWriter.escaped(Self.hostile) == "&lt;script&gt;alert(1)&lt;/script&gt;")
        #expect(HTMLWriter.escaped("\"a\" & 'b'") == "&quot;a&quot; &amp; &#39;b&#39;")
        #expect(HTMLWriter.escaped("Äiti ja tähti") == "Äiti ja tähti")
    }

    @Test func aHostileFeedTitleIsShownAsText() async throws {
        // Given a feed whose movie title is a script
        let server = try await WebServer.start(makeStore: Self.hostileStore)
        defer { Task { await server.stop() } }
        let decoded = try await Self.hostileStore(.fi).movies().value.first?.title
        #expect(decoded == Self.hostile)
        // When the movies page, the results fragment and the movie page are rendered
        for path in ["/movies?area=all", "/movies/results?area=all&q=%3Cscr", "/movie/7"] {
            let body = try await server.get(path).body
            // Then the title appears escaped, never as markup
            #expect(body.contains("&lt;script&gt;alert(1)&lt;/script&gt;"), "\(path)")
            #expect(!body.contains(Self.hostile), "\(path)")
        }
    }

    @Test func sanitiserKeepsTheAllowList() {
        let input =
            "<p class=\"x\" style=\"color:red\">Hello <strong>bold</strong> <em>it</em><br/>"
            + "<a href=\"https://www.finnkino.fi/x?a=1&amp;b=2\" onclick=\"evil()\" target=\"_blank\">link</a></p>"
            + "<ul><li>one</li></ul><h2>Title</h2><img src=\"https://media.finnkino.fi/a.jpg\" alt=\"A\" width=\"40\" "
            + "height=\"30\" onerror=\"evil()\"><img src=\"bundled:///media/news/7101/image.jpg\" width=\"440\">"
        let output = HTMLSanitizer.sanitize(input).markup
        #expect(
            output
                == "<p>Hello <strong>bold</strong> <em>it</em><br>"
                + "<a href=\"https://www.finnkino.fi/x?a=1&amp;b=2\" rel=\"noopener\">link</a></p>"
                + "<ul><li>one</li></ul><h2>Title</h2>"
                + "<img src=\"/image/plain/web/\(ImageLink.hash("https://media.finnkino.fi/a.jpg"))/a.jpg\" alt=\"A\" "
                + "width=\"40\" height=\"30\"><img src=\"/image/plain/media/news/7101/image.jpg\" alt=\"\" width=\"440\">"
        )
    }

    @Test func sanitiserDropsHostileInput() {
        let cases: [(String, String)] = [
            ("<script>alert(1)</script>ok", "ok"),
            ("<SCRIPT SRC=//evil.js></SCRIPT>ok", "ok"),
            ("<style>body{display:none}</style><p>x</p>", "<p>x</p>"),
            ("<a href=\"javascript:alert(1)\">x</a>", "<a>x</a>"),
            ("<a href=\"jav&#x61;script:alert(1)\">x</a>", "<a>x</a>"),
            ("<a href=\" java\tscript:alert(1)\">x</a>", "<a>x</a>"),
            ("<a href=\"data:text/html,<script>\">x</a>", "<a>x</a>"),
            ("<img src=\"javascript:alert(1)\">", ""),
            ("<img src=x onerror=alert(1)>", ""),
            ("<iframe src=\"https://evil\"></iframe>after", "after"),
            ("<div onmouseover=\"x\"><b>kept</b></div>", "<b>kept</b>"),
            ("<p>unclosed <b>bold", "<p>unclosed <b>bold</b></p>"),
            ("</p></b>stray", "stray"),
            ("<!-- <script>alert(1)</script> -->text", "text"),
            ("a < b & c > d", "a &lt; b &amp; c &gt; d"),
            ("<p>&amp; &lt;x&gt;</p>", "<p>&amp; &lt;x&gt;</p>"),
            (
                "<img src=\"https://x/a.jpg\" width=\"100%\" height=\"1e9\">",
                "<img src=\"/image/plain/web/\(ImageLink.hash("https://x/a.jpg"))/a.jpg\" alt=\"\">"
            ),
            ("<img src=\"bundled:///media/../manifest.json\">", ""),
            ("<svg><script>alert(1)</script></svg>ok", "ok"),
            ("<scr<script>ipt>alert(1)</script>", "ipt&gt;alert(1)"),
            ("<p", ""),
            (
                "<a href='https://ok/' title=\"\"onmouseover=alert(1)>x</a>",
                "<a href=\"https://ok/\" rel=\"noopener\">x</a>"
            ),
        ]
        for (input, expected) in cases {
            let output = HTMLSanitizer.sanitize(input).markup
            #expect(output == expected, "\(input)")
            #expect(!output.lowercased().contains("<script"), "\(input)")
            #expect(!output.lowercased().contains("javascript:"), "\(input)")
        }
    }

    @Test func languageSwitchNeedsTheCSRFToken() async throws {
        let server = try await WebServer.start()
        defer { Task { await server.stop() } }
        // Given a client that got its token with a page
        let page = try await server.get("/news")
        let token = try #require(page.cookies["csrf"])
        #expect(page.body.contains("name=\"csrf\" value=\"\(server.formToken(token))\""))
        let form = ["Content-Type": "application/x-www-form-urlencoded"]
        // When it posts without a token, with a wrong one, or with no cookie
        let missing = try await server.client.request(
            "POST", "/settings/language", headers: form.merging(["Cookie": "csrf=\(token)"]) { $1 },
            body: "language=en&back=%2Fnews")
        let wrong = try await server.client.request(
            "POST", "/settings/language", headers: form.merging(["Cookie": "csrf=\(token)"]) { $1 },
            body: "language=en&csrf=\(String(repeating: "0", count: 64))&back=%2Fnews")
        let noCookie = try await server.client.request(
            "POST", "/settings/language", headers: form,
            body: "language=en&csrf=\(server.formToken(token))&back=%2Fnews")
        // Then each is refused
        #expect(missing.status == 403 && wrong.status == 403 && noCookie.status == 403)
        #expect(missing.cookies["lang"] == nil)
        // When it posts with its token
        let accepted = try await server.client.request(
            "POST", "/settings/language", headers: form.merging(["Cookie": "csrf=\(token)"]) { $1 },
            body: "language=en&csrf=\(server.formToken(token))&back=%2Fnews%3Fcategory%3D1")
        // Then the language is set and it goes back, only ever to a local page
        #expect(accepted.status == 303)
        #expect(accepted.cookies["lang"] == "en")
        #expect(accepted.header("Location") == "/news?category=1")
        let offsite = try await server.client.request(
            "POST", "/settings/language", headers: form.merging(["Cookie": "csrf=\(token)"]) { $1 },
            body: "language=fi&csrf=\(server.formToken(token))&back=%2F%2Fevil.example")
        #expect(offsite.header("Location") == "/movies")
    }

    @Test func oversizedBodiesAreRefused() async throws {
        let server = try await WebServer.start()
        defer { Task { await server.stop() } }
        let token = try #require(try await server.get("/news").cookies["csrf"])
        let reply = try await server.client.request(
            "POST", "/settings/language",
            headers: ["Content-Type": "application/x-www-form-urlencoded", "Cookie": "csrf=\(token)"],
            body: "language=en&csrf=\(server.formToken(token))&pad=" + String(repeating: "x", count: 20_000))
        #expect(reply.status == 413)
    }

    @Test func csrfTokensCompareWhollyAndNeedTheSecret() throws {
        // Given a browser's token under one secret
        let secret = CSRFSecret.random()
        let token = CSRFToken.random(secret: secret)
        // Then the form value is the cookie's MAC, not the cookie, and only the whole value matches
        #expect(token.value.count == 64 && token.cookie.count == 64 && token.value != token.cookie)
        #expect(token.matches(token.value))
        #expect(!token.matches(token.cookie))
        #expect(!token.matches(String(token.value.dropLast()) + "x"))
        #expect(!token.matches(""))
        #expect(CSRFToken(client: "not-a-token", secret: secret) == nil)
        #expect(CSRFToken(client: token.cookie, secret: secret) == token)
        // And the same cookie under another secret (another server) has another form value
        #expect(CSRFToken(client: token.cookie, secret: .random())?.value != token.value)
    }

    @Test func aPlantedCookieAndTokenOfTheAttackersChoosingAreRefused() async throws {
        let server = try await WebServer.start()
        defer { Task { await server.stop() } }
        // Given a cookie and a form field an attacker chose alike (the old double-submit scheme)
        let chosen = String(repeating: "a", count: 64)
        // When a change is posted with them, from the same origin
        let reply = try await server.client.request(
            "POST", "/settings/language",
            headers: ["Content-Type": "application/x-www-form-urlencoded", "Cookie": "csrf=\(chosen)"],
            body: "language=en&csrf=\(chosen)&back=%2Fnews")
        // Then it is refused: the field must be the MAC of the cookie under the server's secret
        #expect(reply.status == 403 && reply.cookies["lang"] == nil)
    }

    @Test func changesFromAnotherSiteAreRefusedEvenWithAValidToken() async throws {
        let server = try await WebServer.start()
        defer { Task { await server.stop() } }
        let cookie = try #require(try await server.get("/news").cookies["csrf"])
        let form = [
            "Content-Type": "application/x-www-form-urlencoded", "Cookie": "csrf=\(cookie)",
        ]
        let body = "language=en&csrf=\(server.formToken(cookie))&back=%2Fnews"
        // When the same valid form is posted as another site's page would post it
        let evilOrigin = try await server.client.request(
            "POST", "/settings/language", headers: form.merging(["Origin": "http://evil.example"]) { $1 }, body: body)
        let crossSite = try await server.client.request(
            "POST", "/settings/language", headers: form.merging(["Sec-Fetch-Site": "cross-site"]) { $1 }, body: body)
        let otherPort = try await server.client.request(
            "POST", "/settings/language", headers: form.merging(["Origin": "http://127.0.0.1:1"]) { $1 }, body: body)
        let nullOrigin = try await server.client.request(
            "POST", "/settings/language", headers: form.merging(["Origin": "null"]) { $1 }, body: body)
        // Then each is refused
        for reply in [evilOrigin, crossSite, otherPort, nullOrigin] {
            #expect(reply.status == 403 && reply.cookies["lang"] == nil)
        }
        // And from its own origin, as the browser says it, it is accepted
        let own = try await server.client.request(
            "POST", "/settings/language",
            headers: form.merging([
                "Host": "127.0.0.1:\(server.port)", "Origin": "http://127.0.0.1:\(server.port)",
                "Sec-Fetch-Site": "same-origin",
            ]) { $1 }, body: body)
        #expect(own.status == 303 && own.cookies["lang"] == "en")
    }

    @Test func aHostNameTheServerDoesNotAnswerToIsRefused() async throws {
        let server = try await WebServer.start()
        defer { Task { await server.stop() } }
        // When a page is asked for under an attacker's name (DNS rebinding), then it is refused
        let rebound = try await server.get("/news", headers: ["Host": "evil.example:\(server.port)"])
        #expect(rebound.status == 421 && !rebound.body.contains("csrf"))
        // And IP addresses and localhost are answered
        for host in ["127.0.0.1:\(server.port)", "localhost:\(server.port)", "192.168.1.20:\(server.port)"] {
            #expect(try await server.get("/news", headers: ["Host": host]).status == 200, "\(host)")
        }
    }
}
