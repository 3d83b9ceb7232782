import HummingbirdTesting
import MusicifyKit
import Testing

/// `/bundled/…`: the bundled chart's artwork and song pages, which exist only in this app.
@Suite struct BundledRouteTests {
    @Test func artworkIsTheCoverDrawnForTheSongWithItsType() async throws {
        // Given the app on the bundled chart
        try await WebAppUnderTest.test(transport: try ChartTransports.bundled()) { client in
            // When the page's artwork of the first song is asked for
            let response = try await client.execute(uri: "/bundled/artwork/1900000001/300x300bb.svg", method: .get)
            // Then it is the song's SVG cover, as the bundled transport draws it
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "image/svg+xml")
            #expect(response.headers[.cacheControl] == "public, max-age=86400")
            let expected = BundledArtwork(id: "1900000001", title: "Northern Lights Again", side: 300).svg
            #expect(response.text == expected)
            #expect(response.text.contains(">NL</text>"))
        }
    }

    @Test(arguments: [
        "/bundled/artwork/1900000002/300x300bb.svg", "/bundled/artwork/1900000001/300x200bb.svg",
        "/bundled/artwork/1900000001/5000x5000bb.svg", "/bundled/artwork/1900000001/300x300bb.jpg",
        "/bundled/artwork/%2E%2E/300x300bb.svg", "/bundled/artwork/1900000001", "/bundled/songs.json",
    ])
    func anythingElseUnderBundledIsA404(path: String) async throws {
        // Given the app on the bundled chart
        try await WebAppUnderTest.test(transport: try ChartTransports.bundled()) { client in
            // When an unknown song's artwork, a wrong size or type, a path or a file is asked for
            let response = try await client.execute(uri: path, method: .get)
            // Then it is a 404, not an image
            #expect(response.status == .notFound, "\(path)")
            #expect(response.headers[.contentType] != "image/svg+xml")
        }
    }

    @Test func aBundledSongHasItsOwnPageSayingItIsInvented() async throws {
        // Given the app on the bundled chart
        try await WebAppUnderTest.test(transport: try ChartTransports.bundled()) { client in
            // When the page a bundled song's selection leads to is asked for
            let response = try await client.execute(uri: "/bundled/songs/1900000015", method: .get)
            // Then it shows the song's cover, name, artist and year, and says the song is invented
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "text/html; charset=utf-8")
            let page = response.text
            #expect(page.contains("<title>Midnight in Kallio · Musicify</title>"))
            #expect(
                page.contains(
                    "<img class=\"cover\" src=\"/bundled/artwork/1900000015/300x300bb.svg\" "
                        + "alt=\"Cover of Midnight in Kallio\" width=\"300\" height=\"300\">"))
            #expect(page.contains("<h2 class=\"song-name\">Midnight in Kallio</h2>"))
            #expect(page.contains("<p class=\"song-artist\">Veikko &amp; The Night Trams</p>"))
            #expect(page.contains("<p class=\"song-year\">Released in 2026</p>"))
            // Text is escaped as one (the apostrophe too), also where this program wrote it.
            #expect(page.contains("This song is invented for Musicify&#39;s offline chart"))
            #expect(page.contains("href=\"/\">Back to the chart</a>"))
        }
    }

    @Test func anUnknownBundledSongIsA404Page() async throws {
        // Given the app on the bundled chart
        try await WebAppUnderTest.test(transport: try ChartTransports.bundled()) { client in
            // When the page of a song it does not have is asked for
            let response = try await client.execute(uri: "/bundled/songs/42", method: .get)
            // Then the answer is the 404 page
            #expect(response.status == .notFound)
            #expect(response.text.contains("<h1>Song not found</h1>"))
        }
    }

    @Test func withAnotherSourceNothingIsServedUnderBundled() async throws {
        // Given the app on Apple's chart (here the real sample)
        try await WebAppUnderTest.test(transport: try ChartTransports.realChart()) { client in
            // When the bundled chart's artwork and page are asked for, Then neither exists
            for path in ["/bundled/artwork/1900000001/300x300bb.svg", "/bundled/songs/1900000001"] {
                let response = try await client.execute(uri: path, method: .get)
                #expect(response.status == .notFound, "\(path)")
                #expect(!response.text.contains("Northern Lights"))
            }
        }
    }
}
