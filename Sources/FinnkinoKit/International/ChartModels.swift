import Foundation

/// The international lists (TMDB): box office (`now_playing`), upcoming and top rated.
public enum ChartList: String, Sendable, Hashable, Codable, CaseIterable {
    case boxOffice = "now_playing"
    case upcoming
    case topRated = "top_rated"
}

/// A movie of an international list.
public struct ChartMovie: Sendable, Hashable, Codable, Identifiable {
    /// TMDB's movie ID.
    public var id: Int
    public var title: String
    public var originalTitle: String
    public var overview: String
    /// Nil when TMDB does not know it yet (`""` on the wire).
    public var releaseDate: LocalDate?
    /// A path below the image base URL (``ImageConfiguration``), e.g. `/abc.jpg`.
    public var posterPath: String?
    public var genreIDs: [Int]
    /// The audience's score, 0-10.
    public var voteAverage: Double
    public var voteCount: Int
    public var popularity: Double

    public init(
        id: Int, title: String, originalTitle: String, overview: String, releaseDate: LocalDate?, posterPath: String?,
        genreIDs: [Int], voteAverage: Double, voteCount: Int, popularity: Double
    ) {
        self.id = id
        self.title = title
        self.originalTitle = originalTitle
        self.overview = overview
        self.releaseDate = releaseDate
        self.posterPath = posterPath
        self.genreIDs = genreIDs
        self.voteAverage = voteAverage
        self.voteCount = voteCount
        self.popularity = popularity
    }
}

/// One page of a list.
public struct ChartPage: Sendable, Hashable, Codable {
    public var page: Int
    public var totalPages: Int
    public var totalResults: Int
    public var movies: [ChartMovie]
    /// The release window of `now_playing` and `upcoming`; nil for `top_rated`.
    public var dates: ClosedRange<LocalDate>?

    public init(page: Int, totalPages: Int, totalResults: Int, movies: [ChartMovie], dates: ClosedRange<LocalDate>?) {
        self.page = page
        self.totalPages = totalPages
        self.totalResults = totalResults
        self.movies = movies
        self.dates = dates
    }

    public var hasNextPage: Bool { page < totalPages }
}

/// A movie's detail page (TMDB details with credits and videos).
public struct ChartMovieDetails: Sendable, Hashable, Codable, Identifiable {
    public struct CastMember: Sendable, Hashable, Codable {
        public var name: String
        public var character: String
    }

    /// A trailer on a video site.
    public struct Trailer: Sendable, Hashable, Codable {
        public var name: String
        public var site: String
        public var key: String

        /// Where a person watches it (YouTube and Vimeo); nil for other sites.
        public var watchURL: URL? {
            switch site {
            case "YouTube": URL(string: "https://www.youtube.com/watch?v=\(key)")
            case "Vimeo": URL(string: "https://vimeo.com/\(key)")
            default: nil
            }
        }
    }

    public var id: Int
    /// `tt…`, for the critics' scores (OMDb); nil when TMDB has none.
    public var imdbID: String?
    public var title: String
    public var originalTitle: String
    public var tagline: String
    public var overview: String
    public var genres: [String]
    /// Minutes; nil when unknown (0 or null on the wire).
    public var runtime: Int?
    public var releaseDate: LocalDate?
    public var status: String
    public var posterPath: String?
    public var backdropPath: String?
    public var voteAverage: Double
    public var voteCount: Int
    public var directors: [String]
    /// In billing order.
    public var cast: [CastMember]
    /// The trailer to show: an official YouTube trailer if any, the newest first.
    public var trailer: Trailer?
}

/// Where TMDB's images are: `secureBaseURL + size + path`.
public struct ImageConfiguration: Sendable, Hashable, Codable {
    public var secureBaseURL: URL
    public var posterSizes: [String]
    public var backdropSizes: [String]
    public var profileSizes: [String]

    public init(secureBaseURL: URL, posterSizes: [String], backdropSizes: [String], profileSizes: [String]) {
        self.secureBaseURL = secureBaseURL
        self.posterSizes = posterSizes
        self.backdropSizes = backdropSizes
        self.profileSizes = profileSizes
    }

    /// A poster at least `width` pixels wide: the smallest `w…` size that is, else `original`.
    public func poster(_ path: String?, width: Int) -> URL? {
        image(path, sizes: posterSizes, width: width)
    }

    public func backdrop(_ path: String?, width: Int) -> URL? {
        image(path, sizes: backdropSizes, width: width)
    }

    private func image(_ path: String?, sizes: [String], width: Int) -> URL? {
        guard let path, path.hasPrefix("/"), !path.contains(".."), path.count > 1 else { return nil }
        let widths = sizes.compactMap { size -> (String, Int)? in
            guard size.hasPrefix("w"), let pixels = Int(size.dropFirst()) else { return nil }
            return (size, pixels)
        }
        let size = widths.filter { $0.1 >= width }.min { $0.1 < $1.1 }?.0 ?? "original"
        return URL(string: secureBaseURL.absoluteString + size + path)
    }
}

/// Critics' and IMDb's scores of a title (OMDb); each nil when OMDb has none.
public struct CriticScores: Sendable, Hashable, Codable {
    public var imdbID: String
    public var title: String
    /// Rotten Tomatoes' Tomatometer, percent.
    public var rottenTomatoes: Int?
    /// Metacritic's Metascore, 0-100.
    public var metacritic: Int?
    /// IMDb's rating, 0-10.
    public var imdbRating: Double?
    public var imdbVotes: Int?

    public init(
        imdbID: String, title: String, rottenTomatoes: Int?, metacritic: Int?, imdbRating: Double?, imdbVotes: Int?
    ) {
        self.imdbID = imdbID
        self.title = title
        self.rottenTomatoes = rottenTomatoes
        self.metacritic = metacritic
        self.imdbRating = imdbRating
        self.imdbVotes = imdbVotes
    }

    public var isEmpty: Bool { rottenTomatoes == nil && metacritic == nil && imdbRating == nil }
}
