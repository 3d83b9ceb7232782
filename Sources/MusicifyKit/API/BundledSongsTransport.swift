import AppPatterns
import Foundation

/// The offline source: answers the chart's path with the bundled chart (20 invented songs in
/// Apple's marketing RSS v2 format, quirks included) and its artwork paths with covers drawn from
/// each song, as Apple's servers would; any other path is a 404.
///
/// The bundled chart's links name the host ``host`` (`.invalid` never resolves): its artwork and
/// song pages exist only here, and the web app serves them under `/bundled`.
public final class BundledSongsTransport: Transport {
    /// The host the bundled chart's links name.
    public static let host = "musicify.invalid"
    /// The path the bundled chart answers.
    public static let chartPath = MostPlayedSongsEndpoint().request.path

    public let sourceDescription = "the bundled chart"
    /// The bundled chart as it is on the wire.
    public let chart: Data
    private let titles: [String: String]

    /// Reads the chart from the package's resources.
    public convenience init() throws {
        guard let url = Bundle.module.url(forResource: "Bundled/most-played-us-20", withExtension: "json") else {
            throw SongsDecodingError("the bundled chart is missing from the package")
        }
        try self.init(chart: Data(contentsOf: url))
    }

    /// Answers with `chart`, which must decode as Apple's chart.
    public init(chart: Data) throws {
        self.chart = chart
        let songs = try MostPlayedSongsEndpoint().decode(chart)
        titles = Dictionary(songs.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
    }

    public func send(_ request: TransportRequest) async throws -> TransportResponse {
        response(to: request.path)
    }

    /// The answer to `path`, without waiting.
    public func response(to path: String) -> TransportResponse {
        if path == Self.chartPath {
            return TransportResponse(status: 200, headers: ["Content-Type": "application/json"], body: chart)
        }
        // /artwork/{id}/{W}x{H}bb.svg
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        if parts.count == 4, parts[0].isEmpty, parts[1] == "artwork", let title = titles[String(parts[2])],
            let side = Self.side(of: parts[3])
        {
            let svg = BundledArtwork(id: String(parts[2]), title: title, side: side).svg
            return TransportResponse(status: 200, headers: ["Content-Type": "image/svg+xml"], body: Data(svg.utf8))
        }
        return TransportResponse(status: 404, headers: ["Content-Type": "text/plain"], body: Data("Not found\n".utf8))
    }

    /// 300 of `300x300bb.svg`: a square of 16 to 1200 pixels.
    private static func side(of file: Substring) -> Int? {
        guard file.hasSuffix("bb.svg") else { return nil }
        let size = file.dropLast("bb.svg".count).split(separator: "x")
        guard size.count == 2, size[0] == size[1], let side = Int(size[0]), (16...1200).contains(side) else {
            return nil
        }
        return side
    }
}
