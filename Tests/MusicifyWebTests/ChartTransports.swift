import AppPatterns
import AppPatternsTesting
import Foundation
import MusicifyKit

/// The sources the web app is tested on: the bundled chart, Apple's real chart sample, hostile or
/// broken answers, and failures.
enum ChartTransports {
    /// Apple's real chart of May 2022, from MusicifyKit's test fixtures.
    static func realSample() throws -> Data {
        let url = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("MusicifyKitTests/Fixtures/apple_rss_v2_us_music_most_played_20_songs_2022-05.json")
        return try Data(contentsOf: url)
    }

    static func bundled() throws -> any Transport { try BundledSongsTransport() }

    /// Answers every request with the real sample.
    static func realChart() throws -> any Transport { json(try realSample()) }

    /// Answers every request with `body`, status 200.
    static func json(_ body: Data) -> any Transport {
        StubTransport(.status(200, body: body, headers: ["Content-Type": "application/json"]))
    }

    static func json(_ text: String) -> any Transport { json(Data(text.utf8)) }

    /// No answer at all, as when the connection is refused.
    static func refused() -> any Transport {
        StubTransport(.failure(TransportError(.unreachable, "stub: connection refused")))
    }

    static func status(_ code: Int) -> any Transport { StubTransport(.status(code)) }

    /// The failing sources: each with the alert the screen shows.
    static func failing() -> [(name: String, transport: any Transport, alert: String)] {
        [
            ("refused", refused(), "Connection error"),
            ("503", status(503), "Connection error"),
            ("not JSON", json("<html>busy</html>"), "JSON parsing error"),
            ("not a chart", json(#"{"feed":{"title":"Top Songs"}}"#), "JSON parsing error"),
        ]
    }

    /// One song in Apple's format whose every text is markup.
    static let hostileChart = """
        {"feed":{"title":"Top Songs","results":[{"id":"6\\"><b>6</b>","name":"<script>alert('name')</script>",\
        "artistName":"\\"><img src=x onerror=alert(1)>","releaseDate":"2022-01-01","kind":"songs",\
        "artworkUrl100":"https://example.com/a/100x100bb.jpg?q='i'&r=1","url":"https://example.com/song?a=1&b=2"}]}}
        """
}
