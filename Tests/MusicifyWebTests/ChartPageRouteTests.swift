import AppPatterns
import AppPatternsTesting
import Foundation
import HummingbirdTesting
import MusicifyKit
import Testing

/// `GET /`: a new screen per request, loaded, drawn as the page.
@Suite struct ChartPageRouteTests {
    @Test func theBundledChartIsAPageOfTwentyLinkedSongs() async throws {
        // Given the app on the bundled chart
        try await WebAppUnderTest.test(transport: try ChartTransports.bundled()) { client in
            // When the chart page is asked for
            let response = try await client.execute(uri: "/", method: .get)
            // Then it is an HTML page of the 20 songs, each a link to its selection, with local artwork
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "text/html; charset=utf-8")
            #expect(response.headers[.cacheControl] == "no-cache")
            let page = response.text
            #expect(page.components(separatedBy: "<li><a class=\"song\"").count == 21)
            #expect(
                page.contains(
                    "<li><a class=\"song\" href=\"/songs/1900000001\"><span class=\"rank\">1</span>"
                        + "<img class=\"artwork\" src=\"/bundled/artwork/1900000001/300x300bb.svg\" "
                        + "alt=\"Cover of Northern Lights Again\" width=\"60\" height=\"60\">"))
            #expect(page.contains("<span class=\"rank\">20</span>"))
            #expect(page.contains("<span class=\"song-subtitle\">Veikko &amp; The Night Trams · 2026</span>"))
            #expect(page.contains("<link rel=\"stylesheet\" href=\"/static/musicify.css\">"))
            #expect(!page.contains("role=\"alert\""))
            #expect(!page.contains("style="))
            #expect(!page.contains("<script"))
        }
    }

    @Test func theRealChartUsesApplesArtworkAsItIs() async throws {
        // Given the app on Apple's real chart
        try await WebAppUnderTest.test(transport: try ChartTransports.realChart()) { client in
            // When the chart page is asked for
            let response = try await client.execute(uri: "/", method: .get)
            // Then its songs are there as the feed names them, with Apple's https artwork
            #expect(response.status == .ok)
            let page = response.text
            #expect(page.components(separatedBy: "<li>").count == 21)
            #expect(page.contains("<span class=\"song-title\">WAIT FOR U (feat. Drake &amp; Tems)</span>"))
            #expect(page.contains("<span class=\"song-title\">Tití Me Preguntó</span>"))
            #expect(
                page.contains(
                    "src=\"https://is4-ssl.mzstatic.com/image/thumb/Music122/v4/65/f2/06/"
                        + "65f2067b-a8ea-239c-c219-8e0f0282dcea/196589073693.jpg/300x300bb.jpg\""))
            #expect(page.contains("href=\"/songs/1621119447\""))
            #expect(!page.contains("/bundled/"))
        }
    }

    @Test func hostileSongTextIsEscaped() async throws {
        // Given a source whose song's ID, name, artist and artwork address are markup
        try await WebAppUnderTest.test(transport: ChartTransports.json(ChartTransports.hostileChart)) { client in
            // When the page is drawn
            let page = try await client.execute(uri: "/", method: .get).text
            // Then all of it is text: no element of the feed's making
            #expect(!page.contains("<script>"))
            #expect(!page.contains("<img src=x"))
            #expect(!page.contains("<b>6"))
            #expect(
                page.contains("<span class=\"song-title\">&lt;script&gt;alert(&#39;name&#39;)&lt;/script&gt;</span>"))
            #expect(page.contains("&quot;&gt;&lt;img src=x onerror=alert(1)&gt; · 2022"))
            #expect(page.contains("href=\"/songs/6%22%3E%3Cb%3E6%3C%2Fb%3E\""))
            #expect(page.contains("src=\"https://example.com/a/300x300bb.jpg?q=&#39;i&#39;&amp;r=1\""))
        }
    }

    @Test(arguments: 0..<4)
    func aFailingSourceIsA502WithTheAlertAndTryAgain(index: Int) async throws {
        // Given a source that fails (no answer, an error status, not JSON, JSON that is no chart)
        let failing = ChartTransports.failing()[index]
        try await WebAppUnderTest.test(transport: failing.transport) { client in
            // When the chart page is asked for
            let response = try await client.execute(uri: "/", method: .get)
            // Then the answer is 502 with the screen's alert in a role=alert box, a link to try again, no list
            #expect(response.status == .badGateway, "\(failing.name)")
            #expect(response.headers[.contentType] == "text/html; charset=utf-8")
            let page = response.text
            #expect(
                page.contains("<div class=\"alert\" role=\"alert\"><p class=\"alert-title\">\(failing.alert)</p>"),
                "\(failing.name)")
            #expect(page.contains("<a class=\"button\" href=\"/\">Try again</a>"))
            #expect(!page.contains("<ol"))
        }
    }

    @Test func eachRequestIsANewScreenAskingTheSource() async throws {
        // Given a source that fails once, then answers
        let transport = StubTransport(replies: [
            .failure(TransportError(.unreachable, "down")), .status(200, body: try ChartTransports.realSample()),
        ])
        try await WebAppUnderTest.test(transport: transport) { client in
            // When the page is asked for, then asked for again ("Try again")
            let first = try await client.execute(uri: "/", method: .get)
            let second = try await client.execute(uri: "/", method: .get)
            // Then the first shows the alert and the second the chart: nothing is kept between requests
            #expect(first.status == .badGateway)
            #expect(second.status == .ok)
            #expect(second.text.contains("WAIT FOR U"))
            #expect(transport.receivedRequests.count == 2)
        }
    }
}
