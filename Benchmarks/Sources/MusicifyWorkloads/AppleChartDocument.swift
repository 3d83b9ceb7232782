import Foundation

/// Charts in Apple's marketing RSS v2 format for the benchmarks: the real 20-song sample from the
/// main package's test fixtures, and a larger chart made from it.
public enum AppleChartDocument {
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// The real chart of 2022-05 in the main package's test fixtures, found relative to this file.
    public static var sampleFixture: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent(
                "Tests/MusicifyKitTests/Fixtures/apple_rss_v2_us_music_most_played_20_songs_2022-05.json"
            )
            .path
    }

    /// The sample as it came from Apple's server.
    public static func sample(at path: String = sampleFixture) throws -> Data {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw Failure(description: "cannot read the chart sample \(path)")
        }
        return data
    }

    /// A chart of `count` songs in the same format: the sample's songs in order, over and over,
    /// every field kept, each copy after the first round with a new ID (2,000,000,000 + its
    /// position), its song link naming that ID, and its title numbered.
    public static func generated(songs count: Int, from sample: Data) throws -> Data {
        guard var document = try JSONSerialization.jsonObject(with: sample) as? [String: Any],
            var feed = document["feed"] as? [String: Any],
            let results = feed["results"] as? [[String: Any]], !results.isEmpty
        else { throw Failure(description: "the sample is not Apple's songs feed") }
        // Each song of the sample once as JSON text cut where a copy differs, so that a copy is a
        // few appends (JSONSerialization of 10,000 songs, or Foundation's string replacement,
        // takes seconds, which callgrind makes minutes).
        let templates = try results.enumerated().map { index, song in
            guard let id = song["id"] as? String, let name = song["name"] as? String,
                let url = song["url"] as? String
            else { throw Failure(description: "song \(index) of the sample lacks its id, name or url") }
            var marked = song
            marked["id"] = idMarker
            marked["name"] = name + roundMarker
            marked["url"] = url.replacingOccurrences(of: "i=\(id)", with: "i=\(idMarker)")
            let text = String(
                decoding: try JSONSerialization.data(
                    withJSONObject: marked, options: [.sortedKeys, .withoutEscapingSlashes]),
                as: UTF8.self)
            return (id: id, pieces: pieces(of: text))
        }
        feed["results"] = [resultsMarker]
        document["feed"] = feed
        let outline = String(
            decoding: try JSONSerialization.data(
                withJSONObject: document, options: [.sortedKeys, .withoutEscapingSlashes]),
            as: UTF8.self)
        guard let slot = outline.firstRange(of: "\"\(resultsMarker)\"") else {
            throw Failure(description: "the chart's outline lost its results")
        }
        var text = String(outline[..<slot.lowerBound])
        for position in 0..<count {
            let template = templates[position % templates.count]
            let round = position / templates.count
            if position > 0 { text += "," }
            for piece in template.pieces {
                switch piece {
                case .text(let literal): text += literal
                case .id: text += round == 0 ? template.id : String(2_000_000_000 + position)
                case .round: if round > 0 { text += " (\(round + 1))" }
                }
            }
        }
        text += outline[slot.upperBound...]
        return Data(text.utf8)
    }

    private enum Piece {
        case text(String)
        case id
        case round
    }

    /// `text` cut at the markers.
    private static func pieces(of text: String) -> [Piece] {
        var pieces: [Piece] = []
        var rest = Substring(text)
        while let next = [(idMarker, Piece.id), (roundMarker, Piece.round)]
            .compactMap({ marker, piece in rest.firstRange(of: marker).map { ($0, piece) } })
            .min(by: { $0.0.lowerBound < $1.0.lowerBound })
        {
            pieces.append(.text(String(rest[..<next.0.lowerBound])))
            pieces.append(next.1)
            rest = rest[next.0.upperBound...]
        }
        pieces.append(.text(String(rest)))
        return pieces
    }

    private static let idMarker = "ID-OF-THIS-COPY"
    private static let roundMarker = "|ROUND-OF-THIS-COPY"
    private static let resultsMarker = "RESULTS-OF-THIS-CHART"
}
