import Foundation

/// A movie the user keeps: enough to list it without asking the source again.
public struct Bookmark: Sendable, Hashable, Codable {
    /// Which catalogue the movie ID belongs to.
    public enum Source: String, Sendable, Hashable, Codable, CaseIterable {
        /// A Finnkino event ID.
        case finnkino
        // `.international` (TMDB IDs) arrives with the international lists.
    }

    public var source: Source
    public var movieID: Int
    public var title: String
    public var originalTitle: String
    public var posterURL: URL?
    /// When it was bookmarked; the list shows the newest first.
    public var addedAt: Date

    public init(
        source: Source = .finnkino, movieID: Int, title: String, originalTitle: String, posterURL: URL?,
        addedAt: Date
    ) {
        self.source = source
        self.movieID = movieID
        self.title = title
        self.originalTitle = originalTitle
        self.posterURL = posterURL
        self.addedAt = addedAt
    }

    /// A bookmark of a Finnkino movie, added at `date`.
    public init(_ event: Event, addedAt date: Date) {
        self.init(
            source: .finnkino, movieID: event.id, title: event.title, originalTitle: event.originalTitle,
            posterURL: event.images.poster, addedAt: date)
    }

    /// Newest first; bookmarks added at the same instant by movie ID, so the order is total.
    static func isListedBefore(_ left: Bookmark, _ right: Bookmark) -> Bool {
        (left.addedAt, left.source.rawValue, left.movieID) > (right.addedAt, right.source.rawValue, right.movieID)
    }
}
