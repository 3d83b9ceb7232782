import HummingbirdTesting
import MusicifyKit
import Testing

/// `GET /songs/<id>`: a new screen loads, the song is selected through the architecture, and the
/// answer follows the page it opened.
@Suite struct SongRouteTests {
    @Test(arguments: Architecture.allCases)
    func aBundledSongLeadsToItsLocalPage(architecture: Architecture) async throws {
        // Given the app of an architecture on the bundled chart
        try await WebAppUnderTest.test(architecture, transport: try ChartTransports.bundled()) { client in
            // When a person selects the third song
            let response = try await client.execute(uri: "/songs/1900000015", method: .get)
            // Then they are sent to its page, served here under /bundled (its host does not exist)
            #expect(response.status == .seeOther)
            #expect(response.headers[.location] == "/bundled/songs/1900000015")
        }
    }

    @Test func aRealSongLeadsToApplesPage() async throws {
        // Given the app on Apple's real chart
        try await WebAppUnderTest.test(transport: try ChartTransports.realChart()) { client in
            // When a person selects a song
            let response = try await client.execute(uri: "/songs/1622045635", method: .get)
            // Then they are sent to its page on Apple Music
            #expect(response.status == .seeOther)
            #expect(
                response.headers[.location]
                    == "https://music.apple.com/us/album/tit%C3%AD-me-pregunt%C3%B3/1622045624?i=1622045635")
        }
    }

    @Test func aHostileSongsIDStillSelectsIt() async throws {
        // Given the feed's markup-laden ID, percent-encoded as the page links it
        try await WebAppUnderTest.test(transport: ChartTransports.json(ChartTransports.hostileChart)) { client in
            // When it is selected
            let response = try await client.execute(uri: "/songs/6%22%3E%3Cb%3E6%3C%2Fb%3E", method: .get)
            // Then the song is found and its page followed
            #expect(response.status == .seeOther)
            #expect(response.headers[.location] == "https://example.com/song?a=1&b=2")
        }
    }

    @Test(arguments: ["1900000002", "0", "%2E%2E", "%ZZ", "1900000001%00"])
    func anIDNoRowShowsIsA404Page(id: String) async throws {
        // Given the app on the bundled chart
        try await WebAppUnderTest.test(transport: try ChartTransports.bundled()) { client in
            // When a person asks for a song the chart does not show (or an ID that is not one)
            let response = try await client.execute(uri: "/songs/\(id)", method: .get)
            // Then the answer is a 404 page saying so, with the way back
            #expect(response.status == .notFound, "\(id)")
            #expect(response.headers[.location] == nil)
            #expect(response.text.contains("<h1>Song not found</h1>"), "\(id)")
            #expect(response.text.contains("<a class=\"button\" href=\"/\">Back to the chart</a>"))
        }
    }

    @Test(arguments: 0..<4)
    func aFailingSourceShowsTheAlertWith502(index: Int) async throws {
        // Given a failing source
        let failing = ChartTransports.failing()[index]
        try await WebAppUnderTest.test(transport: failing.transport) { client in
            // When a song is selected
            let response = try await client.execute(uri: "/songs/1900000001", method: .get)
            // Then there is nothing to select: the chart's alert, with 502
            #expect(response.status == .badGateway, "\(failing.name)")
            #expect(response.headers[.location] == nil)
            #expect(response.text.contains("role=\"alert\"><p class=\"alert-title\">\(failing.alert)</p>"))
        }
    }
}
