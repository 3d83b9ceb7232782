import Foundation
import HummingbirdTesting
import MusicifyKit
import Testing

/// `GET /?sort=artist`: the screen loads, then the person chooses to list by artist.
@Suite struct SortRouteTests {
    /// The song titles of `page`, in page order.
    static func titles(_ page: String) -> [String] {
        page.components(separatedBy: "<span class=\"song-title\">").dropFirst().compactMap {
            $0.components(separatedBy: "</span>").first
        }
    }

    /// The artists of `page`'s rows (each subtitle before its year).
    static func artists(_ page: String) -> [String] {
        page.components(separatedBy: "<span class=\"song-subtitle\">").dropFirst().compactMap {
            $0.components(separatedBy: "</span>").first?.components(separatedBy: " · ").first
        }
    }

    @Test(arguments: Architecture.allCases)
    func byArtistListsTheSameSongsByArtist(architecture: Architecture) async throws {
        // Given the app of an architecture on the bundled chart
        try await WebAppUnderTest.test(architecture, transport: try ChartTransports.bundled()) { client in
            // When the chart is asked for by artist
            let chart = try await client.execute(uri: "/", method: .get).text
            let response = try await client.execute(uri: "/?sort=artist", method: .get)
            // Then the same 20 songs are listed, their artists from A to Z, the control marking "By artist"
            #expect(response.status == .ok)
            let page = response.text
            #expect(Set(Self.titles(page)) == Set(Self.titles(chart)) && Self.titles(page).count == 20)
            #expect(Self.titles(page).prefix(2) == ["Northern Lights Again", "Run the Red Light"])
            #expect(Self.titles(page).last == "Midnight in Kallio")
            let artists = Self.artists(page).map { $0.replacingOccurrences(of: "&amp;", with: "&").lowercased() }
            #expect(artists == artists.sorted())
            #expect(page.contains("<a href=\"/?sort=artist\" aria-current=\"page\">By artist</a>"))
            #expect(chart.contains("<a href=\"/\" aria-current=\"page\">Chart order</a>"))
        }
    }

    @Test func chartOrderAskedForIsThePlainPage() async throws {
        // Given the app on the bundled chart
        try await WebAppUnderTest.test(transport: try ChartTransports.bundled()) { client in
            // When the chart's own order is asked for by name
            let plain = try await client.execute(uri: "/", method: .get)
            let named = try await client.execute(uri: "/?sort=chart", method: .get)
            // Then it is the same page, byte for byte
            #expect(named.status == .ok)
            #expect(named.text == plain.text)
        }
    }

    @Test(arguments: ["/?sort=ARTIST", "/?sort=", "/?sort=name", "/?sort=artist%00"])
    func anUnknownOrderIsABadRequest(path: String) async throws {
        // Given the app on the bundled chart
        try await WebAppUnderTest.test(transport: try ChartTransports.bundled()) { client in
            // When an order that is not one is asked for
            let response = try await client.execute(uri: path, method: .get)
            // Then the answer is 400, not a chart
            #expect(response.status == .badRequest, "\(path)")
            #expect(!response.text.contains("song-title"))
        }
    }

    @Test(arguments: 0..<4)
    func aFailingSourceShowsTheAlertWithoutAControl(index: Int) async throws {
        // Given a failing source
        let failing = ChartTransports.failing()[index]
        try await WebAppUnderTest.test(transport: failing.transport) { client in
            // When the chart is asked for by artist
            let response = try await client.execute(uri: "/?sort=artist", method: .get)
            // Then the alert is shown with 502, and there is nothing to sort
            #expect(response.status == .badGateway, "\(failing.name)")
            #expect(response.text.contains("<p class=\"alert-title\">\(failing.alert)</p>"))
            #expect(!response.text.contains("class=\"sort\""))
        }
    }

    @Test func theRealChartByArtist() async throws {
        // Given Apple's real chart, When it is asked for by artist
        try await WebAppUnderTest.test(transport: try ChartTransports.realChart()) { client in
            let page = try await client.execute(uri: "/?sort=artist", method: .get).text
            // Then Bad Bunny's songs come first, in their chart order, and Morgan Wallen's last
            let titles = Self.titles(page)
            #expect(titles.count == 20)
            #expect(titles.prefix(3) == ["Tití Me Preguntó", "Moscow Mule", "Después de la Playa"])
            #expect(titles.last == "Thought You Should Know")
        }
    }
}
