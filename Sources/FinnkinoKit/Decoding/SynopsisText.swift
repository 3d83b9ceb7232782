/// Normalises the plain-text synopses of Events.
enum SynopsisText {
    /// Trims the text and every line, and separates paragraphs by exactly one blank line, so the
    /// indentation some copies carry after each paragraph break (`\n\n            `) goes away.
    /// Line breaks inside a paragraph are kept.
    static func normalized(_ raw: String) -> String {
        var paragraphs: [String] = []
        var lines: [Substring] = []
        for line in raw.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            let trimmed = line.trimmingWhitespace()
            if trimmed.isEmpty {
                if !lines.isEmpty { paragraphs.append(lines.joined(separator: "\n")) }
                lines.removeAll(keepingCapacity: true)
            } else {
                lines.append(trimmed)
            }
        }
        if !lines.isEmpty { paragraphs.append(lines.joined(separator: "\n")) }
        return paragraphs.joined(separator: "\n\n")
    }
}

extension Substring {
    fileprivate func trimmingWhitespace() -> Substring {
        guard let first = firstIndex(where: { !$0.isWhitespace }), let last = lastIndex(where: { !$0.isWhitespace })
        else { return self[endIndex...] }
        return self[first...last]
    }
}
