import AppPatterns
import AppPatternsTesting
import Foundation
import Testing

@testable import MusicifyKit

/// Songs from Apple's chart (the real sample, compared with an independent reading) and from the
/// study's own format, with each quirk; broken answers are parsing errors, never songs.
@Suite struct SongDecodingTests {
    static let sampleName = "apple_rss_v2_us_music_most_played_20_songs_2022-05.json"

    static func sample() throws -> Data {
        let url = try #require(Bundle.module.url(forResource: "Fixtures/\(sampleName)", withExtension: nil))
        return try Data(contentsOf: url)
    }

    @Test func theRealChartDecodesInOrderWithNothingLost() throws {
        let songs = try MostPlayedSongsEndpoint().decode(try Self.sample())
        let raw = try #require(
            ((try JSONSerialization.jsonObject(with: Self.sample()) as? [String: Any])?["feed"] as? [String: Any])?[
                "results"] as? [[String: Any]])
        #expect(songs.count == 20 && songs.count == raw.count)
        #expect(songs.map(\.id) == raw.map { $0["id"] as? String ?? "" })
        #expect(songs.map(\.name) == raw.map { $0["name"] as? String ?? "" })
        #expect(songs.map(\.artist) == raw.map { $0["artistName"] as? String ?? "" })
        #expect(songs.map(\.releaseYear) == raw.map { Int(($0["releaseDate"] as? String ?? "").prefix(4)) })
        #expect(songs.map(\.pageURL.absoluteString) == raw.map { $0["url"] as? String ?? "" })
        // Artwork at 300x300 by the path convention
        #expect(
            songs.map { $0.artworkURL?.absoluteString }
                == raw.map {
                    ($0["artworkUrl100"] as? String)?.replacingOccurrences(of: "100x100bb", with: "300x300bb")
                })
        // The misspelt "Explict" and its absence for clean songs do not matter to a song
        #expect(raw.contains { $0["contentAdvisoryRating"] as? String == "Explict" })
        #expect(raw.contains { $0["contentAdvisoryRating"] == nil })
    }

    @Test func theStudysOwnFormatDecodes() throws {
        let body = Data(
            """
            [{"id":1,"name":"Back To You","artist":"Selena Gomez","releaseYear":"2018",
            "thumbnailURL":"https://i.ytimg.com/vi/VY1eFvgRR-k/maxresdefault.jpg",
            "lyricsURL":"https://www.azlyrics.com/lyrics/selenagomez/backtoyou.html"},
            {"id":2,"name":"Dance To This","artist":"Troye Sivan ft Ariana Grande","releaseYear":"2018",
            "thumbnailURL":"http://i.ytimg.com/vi/bhxxNIQBKJI/maxresdefault.jpg",
            "lyricsURL":"https://www.azlyrics.com/lyrics/troyesivan/dancetothis.html"}]
            """.utf8)
        let songs = try StudySongsEndpoint().decode(body)
        #expect(songs.map(\.id) == ["1", "2"] && songs.map(\.releaseYear) == [2018, 2018])
        #expect(songs[1].artist == "Troye Sivan ft Ariana Grande")
        // A plain-http link is asked for over https
        #expect(songs[1].artworkURL?.absoluteString == "https://i.ytimg.com/vi/bhxxNIQBKJI/maxresdefault.jpg")
        #expect(songs[0].pageURL.absoluteString == "https://www.azlyrics.com/lyrics/selenagomez/backtoyou.html")
    }

    @Test(arguments: [
        "", "<html>", "{}", #"{"feed":{}}"#, #"{"feed":{"results":[{"id":"1"}]}}"#,
        #"{"feed":{"results":[{"id":"1","name":"n","artistName":"a","url":"javascript:alert(1)"}]}}"#,
    ])
    func brokenChartAnswersAreParsingErrors(body: String) {
        #expect(throws: SongsDecodingError.self) { try MostPlayedSongsEndpoint().decode(Data(body.utf8)) }
    }

    @Test(arguments: [
        "[{}]", #"[{"id":"1","name":"n","artist":"a","releaseYear":"2018","thumbnailURL":"x","lyricsURL":"y"}]"#,
        #"{"id":1}"#,
    ])
    func brokenStudyAnswersAreParsingErrors(body: String) {
        #expect(throws: SongsDecodingError.self) { try StudySongsEndpoint().decode(Data(body.utf8)) }
    }

    @Test func linksAreAskedForOverHTTPSAndArtworkAt300() {
        // Given links as feeds write them, Then each is https or refused
        #expect(MostPlayedSongsEndpoint.https("http://a.example/x?y=1")?.absoluteString == "https://a.example/x?y=1")
        #expect(MostPlayedSongsEndpoint.https("https://a.example/x")?.absoluteString == "https://a.example/x")
        for refused in ["https:///x", "ftp://a.example/x", "//a.example/x", "HTTPS://a.example", "", "https://"] {
            #expect(MostPlayedSongsEndpoint.https(refused) == nil, "\(refused)")
        }
        // And only the artwork's own file name changes size
        #expect(
            MostPlayedSongsEndpoint.at300(artwork: "https://a.example/100x100bb.d/100x100bb.jpg")
                == "https://a.example/100x100bb.d/300x300bb.jpg")
        #expect(
            MostPlayedSongsEndpoint.at300(artwork: "https://a.example/a/600x600bb.jpg")
                == "https://a.example/a/600x600bb.jpg")
        #expect(MostPlayedSongsEndpoint.at300(artwork: "100x100bb.jpg") == "100x100bb.jpg")
    }

    @Test func samplesDecodeAndRequestsAreChecked() throws {
        #expect(try MostPlayedSongsEndpoint().decode(MostPlayedSongsEndpoint().sampleData).count == 1)
        #expect(try StudySongsEndpoint().decode(StudySongsEndpoint().sampleData).map(\.id) == ["1", "2", "3", "4"])
        #expect(MostPlayedSongsEndpoint(count: 50).request.path == "/api/v2/us/music/most-played/50/songs.json")
        #expect(throws: SongsDecodingError.self) { try MostPlayedSongsEndpoint(country: "USA").validate() }
        #expect(throws: SongsDecodingError.self) { try MostPlayedSongsEndpoint(count: 0).validate() }
    }

    @Test func throughTheWebServiceAndTheStub() async throws {
        // A stub answering the real chart, then a server error: songs, then an HTTP failure
        let stub = StubTransport(replies: [.status(200, body: try Self.sample()), .status(500)])
        let service = WebService(transport: stub)
        #expect(try await service.send(MostPlayedSongsEndpoint()).count == 20)
        await #expect(throws: WebServiceError.httpStatus(endpoint: "Most played songs", code: 500)) {
            try await service.send(MostPlayedSongsEndpoint())
        }
    }
}
