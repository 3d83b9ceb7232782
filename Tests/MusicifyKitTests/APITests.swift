import AppPatterns
import AppPatternsTesting
import Foundation
import Testing

@testable import MusicifyKit

/// The shared API layer: errors in the screen's two words, the bundled chart and its covers, the
/// source choice, the sort order.
@Suite struct APITests {
    @Test(arguments: [
        (WebServiceError.decoding(endpoint: "e", message: "m"), SongsLoadError.parsing),
        (.transport(endpoint: "e", TransportError(.timedOut, "t")), .connection),
        (.offline(endpoint: "e"), .connection),
        (.httpStatus(endpoint: "e", code: 500), .connection),
        (.refused(endpoint: "e", code: 403, message: "no"), .connection),
        (.invalidRequest(endpoint: "e", message: "m"), .connection),
    ])
    func everyFailureIsOneOfTheTwoErrors(error: WebServiceError, expected: SongsLoadError) {
        #expect(SongsLoadError(error) == expected)
    }

    @Test func theMessagesAreTheStudys() {
        #expect(SongsLoadError.connection.message == "Connection error")
        #expect(SongsLoadError.parsing.message == "JSON parsing error")
    }

    @Test func aBadCountryIsAConnectionErrorWithNothingSent() async {
        let stub = StubTransport(.status(200, body: MostPlayedSongsEndpoint().sampleData))
        let api = LatestSongsAPI(transport: stub, endpoint: MostPlayedSongsEndpoint(country: "../x"))
        #expect(await api.latestSongs() == .failure(.connection))
        #expect(stub.receivedRequests.isEmpty)
    }

    @Test func theStudysOwnFormatWorksThroughTheSameAPI() async throws {
        let api = LatestSongsAPI(
            transport: StubTransport(.status(200, body: StudySongsEndpoint().sampleData)),
            endpoint: StudySongsEndpoint())
        let songs = try await api.latestSongs().get()
        #expect(songs.map(\.name) == ["Back To You", "Dance To This", "Lost In Japan", "My My My!"])
    }

    // MARK: The bundled chart

    @Test func theBundledChartIsAppleFormatWithItsQuirks() async throws {
        let transport = try BundledSongsTransport()
        let response = try await transport.send(MostPlayedSongsEndpoint().request)
        #expect(response.status == 200 && response.header("content-type") == "application/json")
        let songs = try MostPlayedSongsEndpoint().decode(response.body)
        #expect(songs.count == 20 && Set(songs.map(\.id)).count == 20)
        #expect(songs.allSatisfy { $0.artworkURL?.host == BundledSongsTransport.host })
        #expect(songs.allSatisfy { $0.pageURL.host == BundledSongsTransport.host && $0.releaseYear != nil })
        let text = String(decoding: response.body, as: UTF8.self)
        #expect(text.contains(#""contentAdvisoryRating": "Explict""#))
        // Clean songs without the advisory, and a compilation without an artist ID, as Apple sends them
        let results = try #require(
            ((try JSONSerialization.jsonObject(with: response.body) as? [String: Any])?["feed"] as? [String: Any])?[
                "results"] as? [[String: Any]])
        #expect(results.contains { $0["contentAdvisoryRating"] == nil })
        #expect(results.contains { $0["artistId"] == nil && $0["artistName"] as? String == "Various Artists" })
    }

    @Test func everyBundledSongHasACover() throws {
        let transport = try BundledSongsTransport()
        for song in try MostPlayedSongsEndpoint().decode(transport.chart) {
            let path = try #require(song.artworkURL?.path)
            let response = transport.response(to: path)
            #expect(response.status == 200 && response.header("content-type") == "image/svg+xml")
            let svg = String(decoding: response.body, as: UTF8.self)
            #expect(svg.hasPrefix("<svg ") && svg.contains(#"width="300""#))
            let initials = BundledArtwork(id: song.id, title: song.name, side: 300).initials
            #expect(!initials.isEmpty && svg.contains(">\(initials)</text>"))
        }
    }

    @Test(arguments: [
        "/artwork/nope/300x300bb.svg", "/artwork/1900000001/300x200bb.svg", "/artwork/1900000001/5x5bb.svg",
        "/artwork/1900000001/300x300bb.jpg", "/artwork/1900000001", "/api/v2/fi/music/most-played/20/songs.json",
        "/../etc/passwd", "",
    ])
    func anythingElseIsNotFound(path: String) throws {
        #expect(try BundledSongsTransport().response(to: path).status == 404)
    }

    @Test func aBundleThatIsNotAChartIsRefused() {
        #expect(throws: SongsDecodingError.self) { try BundledSongsTransport(chart: Data("{}".utf8)) }
    }

    @Test func coversAreTheSameEveryTimeAndDifferBySong() {
        let one = BundledArtwork(id: "1", title: "Ice Road", side: 300)
        #expect(one.svg == BundledArtwork(id: "1", title: "Ice Road", side: 300).svg)
        #expect(one.svg != BundledArtwork(id: "2", title: "Ice Road", side: 300).svg)
        #expect(one.initials == "IR")
        #expect(BundledArtwork(id: "1", title: "Tides Don't Wait", side: 60).initials == "TD")
        #expect(BundledArtwork(id: "1", title: "<script>", side: 60).initials == "S")
    }

    // MARK: Sources and order

    @Test func eachSourceGivesItsChart() async throws {
        // The bundled chart, offline
        let bundled = try await LatestSongsAPI(source: .bundled).latestSongs().get()
        #expect(bundled.count == 20 && bundled.allSatisfy { $0.pageURL.host == BundledSongsTransport.host })
        // A server that does not answer: a connection error, not a crash
        let closed = try #require(URL(string: "http://127.0.0.1:9"))
        #expect(try await LatestSongsAPI(source: .server(closed), timeout: 1).latestSongs() == .failure(.connection))
    }

    @Test func byArtistIgnoresCaseAndAccentsAndKeepsChartOrderWithin() throws {
        func song(_ id: String, _ artist: String) throws -> Song {
            Song(
                id: id, name: id, artist: artist, releaseYear: nil, artworkURL: nil,
                pageURL: try #require(URL(string: "https://example.com/\(id)")))
        }
        let songs = [try song("1", "beta"), try song("2", "Álvaro"), try song("3", "Beta"), try song("4", "alpha")]
        #expect(SongSortOrder.artist.sorted(songs).map(\.id) == ["4", "2", "1", "3"])
        #expect(SongSortOrder.chart.sorted(songs).map(\.id) == ["1", "2", "3", "4"])
    }
}
