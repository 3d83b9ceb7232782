import MusicifyKit

/// The chart as text: one line per row, its rank right-aligned, the names in one column and the
/// subtitles in the next.
enum ChartText {
    static func render(_ rows: [SongListCanvas.Row]) -> String {
        let rankWidth = String(rows.count).count
        let titleWidth = rows.map(\.title.count).max() ?? 0
        return rows.enumerated().map { index, row in
            let rank = String(index + 1)
            return String(repeating: " ", count: rankWidth - rank.count) + rank + "  " + row.title
                + String(repeating: " ", count: titleWidth - row.title.count) + "  " + row.subtitle
        }
        .joined(separator: "\n")
    }
}
