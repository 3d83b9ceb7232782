import AppPatterns
import FinnkinoKit
import Foundation

/// How values read in the terminal.
enum HumanFormat {
    /// `1 h 52 min`, or `–` when unknown.
    static func length(_ minutes: Int?) -> String {
        guard let minutes, minutes > 0 else { return "–" }
        return minutes < 60 ? "\(minutes) min" : "\(minutes / 60) h \(minutes % 60) min"
    }

    /// The age limit as shown in Finland: `S` (all ages), `7`, `12`, `16`, `18`; `–` when not rated.
    static func age(_ rating: Rating) -> String {
        guard let age = rating.minimumAge else { return "–" }
        return age == 0 ? "S" : String(age)
    }

    /// `27.2.2022`, as dates are written in Finland.
    static func date(_ date: LocalDate) -> String { "\(date.day).\(date.month).\(date.year)" }

    static let weekdays = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]

    /// `Sunday 27.2.2022`.
    static func day(_ date: LocalDate) -> String {
        weekdays[HelsinkiTime.isoWeekday(of: date) - 1] + " " + self.date(date)
    }

    /// `10:30–12:03`, Helsinki time.
    static func timeRange(_ start: Date, _ end: Date?) -> String {
        HelsinkiTime.clockTime(of: start) + (end.map { "–" + HelsinkiTime.clockTime(of: $0) } ?? "")
    }

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

    /// A note for standard error when the data shown is not fresh.
    static func staleNote<Value>(_ loaded: Loaded<Value>, now: Date = Date()) -> String? {
        guard loaded.isStale else { return nil }
        let minutes = Int(loaded.age(at: now) / 60)
        let age = minutes < 60 ? "\(minutes) min" : minutes < 48 * 60 ? "\(minutes / 60) h" : "\(minutes / 1440) days"
        let reason = loaded.staleReason.map { " (\($0))" } ?? ""
        return "note: showing saved data from \(age) ago; the source could not be reached\(reason)"
    }
}
