/// The movies a person follows: their wanted movies and their bookmarks of Finnkino's movies
/// (where an imported watchlist's films go). The one rule every reader of it keeps: a run *back on
/// screen* (`ScreenRuns`, on the web and in the CLI), the weekly digest, and what a person shares
/// with a watch-together group.
public enum FollowedMovies {
    /// The person's followed movies, ID to title (the title they wanted it by, else the
    /// bookmark's). A store that is nil or cannot be read adds none: a page or a digest goes on
    /// without the movies it could not read.
    public static func of(
        _ person: PersonID, wanted: (any WantedMovies)?, bookmarks: (any BookmarkStore)?
    ) -> [Int: String] {
        var movies: [Int: String] = [:]
        for movie in (try? wanted?.wanted(by: person)) ?? [] { movies[movie.movieID] = movie.title }
        for bookmark in bookmarks?.all() ?? [] where bookmark.source == .finnkino {
            movies[bookmark.movieID] = movies[bookmark.movieID] ?? bookmark.title
        }
        return movies
    }
}
