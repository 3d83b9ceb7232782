import AppPatterns
import Foundation

extension FeedStore {
    /// How long the international answers count as fresh: lists half an hour, a movie's details
    /// and scores and TMDB's image configuration a day.
    static let chartListAge: TimeInterval = 30 * 60
    static let chartDetailsAge: TimeInterval = 24 * 3600

    /// The sources, or why there are none.
    private func chartSources() throws(FeedStoreError) -> ChartSources {
        try charts.get()
    }

    /// One page of an international list (20 movies), titles in the store's language where TMDB
    /// has them.
    public func chartPage(
        _ list: ChartList, page: Int = 1, freshness: Freshness = .cachePeriod
    ) async throws -> Loaded<ChartPage> {
        try await chartSources().tmdb.load(
            ChartListEndpoint(list: list, page: page, language: language.tmdbLanguage),
            maxAge: freshness.maxAge(cachePeriod: Self.chartListAge))
    }

    /// A movie's details, cast and crew, and trailer.
    public func chartMovie(id: Int, freshness: Freshness = .cachePeriod) async throws -> Loaded<ChartMovieDetails> {
        try await chartSources().tmdb.load(
            ChartMovieEndpoint(id: id, language: language.tmdbLanguage),
            maxAge: freshness.maxAge(cachePeriod: Self.chartDetailsAge))
    }

    /// The critics' scores of a title; nil when there is no OMDb key, or OMDb has no such title
    /// or cannot be reached (the details page is shown without them).
    public func criticScores(imdbID: String) async -> CriticScores? {
        guard let omdb = try? chartSources().omdb else { return nil }
        return try? await omdb.load(OMDbTitleEndpoint(imdbID: imdbID), maxAge: Self.chartDetailsAge).value
    }

    /// The critics' scores of a movie: by its IMDb ID, or when TMDB knows none, by the first movie
    /// OMDb finds with the same title and year.
    public func criticScores(for movie: ChartMovieDetails) async -> CriticScores? {
        if let imdbID = movie.imdbID { return await criticScores(imdbID: imdbID) }
        guard let omdb = try? chartSources().omdb,
            let found = try? await omdb.load(
                OMDbSearchEndpoint(title: movie.title, year: movie.releaseDate?.year), maxAge: Self.chartDetailsAge
            ).value,
            let match = found.first(where: {
                $0.type == "movie" && $0.title.caseInsensitiveCompare(movie.title) == .orderedSame
            })
        else { return nil }
        return await criticScores(imdbID: match.imdbID)
    }

    /// Where TMDB's images are, and in which sizes.
    public func chartImages() async throws -> ImageConfiguration {
        try await chartSources().tmdb.load(TMDBConfigurationEndpoint(), maxAge: Self.chartDetailsAge).value
    }
}

extension ContentLanguage {
    /// TMDB's `language` parameter for this content language.
    var tmdbLanguage: String {
        switch self {
        case .fi: "fi-FI"
        case .sv: "sv-SE"
        case .en: "en-US"
        }
    }
}
