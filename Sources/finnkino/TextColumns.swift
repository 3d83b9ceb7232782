/// Rows of text laid out in aligned columns that fit a terminal width (80 by default).
///
/// Every column is as wide as its widest cell, except the one marked `flexible`, which takes what
/// is left and cuts longer cells with an ellipsis.
struct TextColumns {
    struct Column {
        var title: String
        var flexible = false
        var alignRight = false
    }

    var columns: [Column]
    var rows: [[String]] = []
    var width = 80
    var gap = "  "

    init(_ columns: [Column], width: Int = 80) {
        self.columns = columns
        self.width = width
    }

    mutating func append(_ cells: [String]) { rows.append(cells) }

    func render(header: Bool = true) -> String {
        let all = (header ? [columns.map(\.title)] : []) + rows
        var widths = columns.indices.map { index in all.map { $0[safe: index].count }.max() ?? 0 }
        if let flexible = columns.firstIndex(where: \.flexible) {
            let fixed = widths.enumerated().filter { $0.offset != flexible }.map(\.element).reduce(0, +)
            let available = width - fixed - gap.count * (columns.count - 1)
            widths[flexible] = max(8, min(widths[flexible], available))
        }
        return all.map { cells in
            columns.indices.map { index in
                let cell = Self.fit(cells[safe: index], to: widths[index])
                let padding = String(repeating: " ", count: widths[index] - cell.count)
                let isLast = index == columns.count - 1
                if columns[index].alignRight { return padding + cell }
                return isLast ? cell : cell + padding
            }
            .joined(separator: gap)
        }
        .joined(separator: "\n")
    }

    static func fit(_ text: String, to width: Int) -> String {
        guard text.count > width else { return text }
        guard width > 1 else { return String(text.prefix(width)) }
        return String(text.prefix(width - 1)) + "…"
    }
}

extension Array where Element == String {
    fileprivate subscript(safe index: Int) -> String { indices.contains(index) ? self[index] : "" }
}
