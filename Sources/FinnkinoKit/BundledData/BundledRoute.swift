import Foundation

/// What a request path asks the bundled dataset for.
enum BundledRoute: Equatable {
    enum Endpoint: String, CaseIterable {
        case theatreAreas = "theatreareas"
        case events = "events"
        case schedule = "schedule"
        case scheduleDates = "scheduledates"
        case news = "news"
        case newsCategories = "newscategories"
        case languages = "languages"
    }

    /// `[/sv|/swe|/en|/eng|/fin]/xml/<Endpoint>[/]`, endpoint name in any case.
    case xml(language: String, endpoint: Endpoint)
    /// `/media/…`: a dataset-relative file path, already checked to be a plain relative path.
    case media(path: String)

    /// Parses a request path; nil for anything the dataset does not serve (a 404).
    init?(path rawPath: String) {
        var path = rawPath
        if let query = path.firstIndex(of: "?") { path = String(path[..<query]) }
        let lower = path.lowercased()
        if lower.hasPrefix("/media/") {
            guard let relative = Self.safeRelativePath(String(path.dropFirst())) else { return nil }
            self = .media(path: relative)
            return
        }
        var components = lower.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        // Leading "" from the initial slash; an optional trailing "" from a trailing slash.
        guard components.first == "" else { return nil }
        components.removeFirst()
        if components.last == "" { components.removeLast() }
        var language = "fi"
        if components.count == 3 {
            switch components[0] {
            case "sv", "swe": language = "sv"
            case "en", "eng": language = "en"
            case "fin": language = "fi"
            default: return nil
            }
            components.removeFirst()
        }
        guard components.count == 2, components[0] == "xml", let endpoint = Endpoint(rawValue: components[1]) else {
            return nil
        }
        self = .xml(language: language, endpoint: endpoint)
    }

    /// `media/…` if the path is a plain relative path: percent-decoded once, no `.` or `..`
    /// segment, no empty segment, no backslash, NUL or further `%` escapes.
    static func safeRelativePath(_ path: String) -> String? {
        guard let decoded = path.removingPercentEncoding, !decoded.contains("%"), !decoded.contains("\\"),
            !decoded.contains("\0"), !decoded.hasPrefix("/")
        else { return nil }
        let segments = decoded.split(separator: "/", omittingEmptySubsequences: false)
        guard segments.count >= 2, segments[0] == "media",
            segments.allSatisfy({ !$0.isEmpty && $0 != "." && $0 != ".." })
        else { return nil }
        return decoded
    }
}
