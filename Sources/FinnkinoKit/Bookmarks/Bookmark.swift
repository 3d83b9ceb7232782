import Foundation

/// A movie the user keeps: enough to list it without asking the source again.
public struct Bookmark: Sendable, Hashable, Codable {
    /// Which catalogue the movie ID belongs to.
    public enum Source: String, Sendable, Hashable, Codable, CaseIterable {
        /// A Finnkino event ID.
        case finnkino
        /// A TMDB movie ID (the international lists).
        case international
    }

    /// Which movie a bookmark is of: its catalogue and ID.
    public struct Key: Sendable, Hashable {
        public var source: Source
        public var movieID: Int

        public init(_ source: Source, _ movieID: Int) {
            self.source = source
            self.movieID = movieID
        }

        /// As forms carry it: `305001` (Finnkino) or `international:900001`.
        public init?(formValue: String) {
            let parts = formValue.split(separator: ":", maxSplits: 1).map(String.init)
            let source = parts.count == 2 ? Source(rawValue: parts[0]) : .finnkino
            guard let source, let id = parts.last.flatMap({ Int($0) }), id > 0 else { return nil }
            self.init(source, id)
        }

        public var formValue: String { source == .finnkino ? String(movieID) : "\(source.rawValue):\(movieID)" }
    }

    public var key: Key { Key(source, movieID) }

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

    /// A bookmark of an international movie, added at `date`.
    public init(_ movie: ChartMovieDetails, posterURL: URL?, addedAt date: Date) {
        self.init(
            source: .international, movieID: movie.id, title: movie.title, originalTitle: movie.originalTitle,
            posterURL: posterURL, addedAt: date)
    }

    /// Newest first; bookmarks added at the same instant by movie ID, so the order is total.
    package static func isListedBefore(_ left: Bookmark, _ right: Bookmark) -> Bool {
        (left.addedAt, left.source.rawValue, left.movieID) > (right.addedAt, right.source.rawValue, right.movieID)
    }
}
