import Foundation

/// How the chart is listed: in chart order, or by artist.
public enum SongSortOrder: String, CaseIterable, Sendable, Codable {
    case chart
    case artist

    /// `songs` in this order. By artist: A to Z ignoring case and accents, songs of one artist in
    /// chart order (the sort is stable).
    public func sorted(_ songs: [Song]) -> [Song] {
        switch self {
        case .chart:
            return songs
        case .artist:
            let keys = songs.map { $0.artist.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil) }
            return songs.indices.sorted { keys[$0] != keys[$1] ? keys[$0] < keys[$1] : $0 < $1 }.map { songs[$0] }
        }
    }
}
