import AppPatterns
import AppPatternsTesting
import Foundation

@testable import MusicifyKit

/// What the tests feed the screens: the real chart sample through a stub, and the rows and pages
/// a person must see for it, read independently of the app's decoder (JSONSerialization).
enum Chart {
    static var sample: Data {
        get throws { try SongDecodingTests.sample() }
    }

    /// An API answering every request with `reply`, at once or after `delay` on `clock`.
    static func api(
        _ reply: StubTransport.Reply, delay: Duration? = nil, clock: any Clock<Duration> = ContinuousClock()
    ) -> LatestSongsAPI {
        LatestSongsAPI(transport: StubTransport(reply, delay: delay, clock: clock), endpoint: MostPlayedSongsEndpoint())
    }

    /// An API answering with the real sample.
    static func sampleAPI() throws -> LatestSongsAPI { api(.status(200, body: try sample)) }

    /// The sample's songs as the app's decoder reads them.
    static func songs() throws -> [Song] { try MostPlayedSongsEndpoint().decode(try sample) }

    /// The sample's results, raw.
    static func rawResults() throws -> [[String: Any]] {
        let object = try JSONSerialization.jsonObject(with: try sample) as? [String: Any]
        return (object?["feed"] as? [String: Any])?["results"] as? [[String: Any]] ?? []
    }

    /// The rows a person must see for the sample in chart order: the name; the artist, a middle dot
    /// and the year.
    static func expectedRows() throws -> [SongListCanvas.Row] {
        try rawResults().map { result in
            let artist = result["artistName"] as? String ?? ""
            let year = (result["releaseDate"] as? String ?? "").prefix(4)
            let artwork = (result["artworkUrl100"] as? String)?.replacingOccurrences(of: "100x100bb", with: "300x300bb")
            return SongListCanvas.Row(
                id: result["id"] as? String ?? "", title: result["name"] as? String ?? "",
                subtitle: "\(artist) · \(year)", artworkURL: artwork.flatMap(URL.init(string:)))
        }
    }

    /// The page of each song of the sample, in chart order.
    static func expectedPages() throws -> [URL] {
        try rawResults().compactMap { ($0["url"] as? String).flatMap(URL.init(string:)) }
    }
}

/// Records every state the canvas goes through.
@MainActor
final class CanvasRecorder {
    private(set) var states: [SongListCanvas.State] = []

    init(_ canvas: SongListCanvas) {
        canvas.onChange = { [weak self] state in self?.states.append(state) }
    }
}
