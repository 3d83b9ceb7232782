import Foundation

@testable import FinnkinoKit

/// Bookmarks on fixed dates and scratch folders for the bookmark tests.
enum BookmarkFixtures {
    /// A fixed instant; bookmark `n` is added `n` minutes after it.
    static let start = Date(timeIntervalSinceReferenceDate: 800_000_000.125)

    static func bookmark(_ id: Int, title: String? = nil, minute: Int? = nil) -> Bookmark {
        Bookmark(
            movieID: id, title: title ?? "Movie \(id)", originalTitle: "Original \(id)",
            posterURL: URL(string: "https://example.com/poster/\(id).jpg"),
            addedAt: start.addingTimeInterval(Double(minute ?? id) * 60))
    }

    /// A new empty folder; the caller removes it.
    static func scratchFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("BookmarkTests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
