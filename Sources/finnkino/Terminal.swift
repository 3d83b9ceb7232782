import AppPatterns
import FinnkinoPresentation
import Foundation

/// The command line's presentation: the web app's display formats and words, in English (the
/// view models' outputs read the same here as on a page), and what only a terminal needs: text
/// wrapped to its width.
enum Terminal {
    /// How values read in the terminal.
    static let format = DisplayFormat(strings: .english)

    /// Wraps text to lines of at most `width` characters, keeping paragraphs.
    static func wrap(_ text: String, width: Int = 78, indent: String = "") -> String {
        text.components(separatedBy: "\n\n").map { paragraph in
            var lines: [String] = []
            var line = ""
            for word in paragraph.split(whereSeparator: \.isWhitespace) {
                if !line.isEmpty && line.count + 1 + word.count > width - indent.count {
                    lines.append(indent + line)
                    line = ""
                }
                line += (line.isEmpty ? "" : " ") + word
            }
            if !line.isEmpty { lines.append(indent + line) }
            return lines.joined(separator: "\n")
        }
        .joined(separator: "\n\n")
    }

    /// A note for standard error when the data shown is not fresh: the pages' notice, and why.
    static func staleNote<Value>(_ loaded: Loaded<Value>, now: Date = Date()) -> String? {
        guard let notice = format.staleNotice(loaded, now: now) else { return nil }
        return "note: " + notice + (loaded.staleReason.map { " (\($0))" } ?? "")
    }
}
