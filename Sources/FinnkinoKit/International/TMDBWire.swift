import AppPatterns
import Foundation

/// TMDB v3's JSON as it comes (see `docs/` and the feeds' schema notes): `vote_average` can be an
/// integer, dates can be `""`, paths can be null, appended credits and videos are top-level keys.
enum TMDBWire {
    static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        return decoder
    }

    /// `{"success":false,"status_code":34,"status_message":"…"}`: TMDB's refusals (401, 404, …).
    struct Failure: Decodable {
        var success: Bool?
        var statusCode: Int?
        var statusMessage: String?
    }

    /// TMDB's words when it refuses (it does so with 401, 404, 422, …; a 2xx is never one).
    static func refusal(_ response: TransportResponse) -> String? {
        guard !(200..<300).contains(response.status),
            let failure = try? ChartJSON.decode(Failure.self, from: response.body, with: decoder())
        else { return nil }
        return failure.statusMessage
    }

    struct Page: Decodable {
        struct Dates: Decodable {
            var minimum: String
            var maximum: String
        }
        var page: Int
        var results: [Movie]
        var totalPages: Int
        var totalResults: Int
        var dates: Dates?
    }

    struct Movie: Decodable {
        var id: Int
        var title: String
        var originalTitle: String?
        var overview: String?
        var releaseDate: String?
        var posterPath: String?
        var genreIds: [Int]?
        var voteAverage: Double?
        var voteCount: Int?
        var popularity: Double?
    }

    struct Details: Decodable {
        struct Genre: Decodable { var name: String }
        struct Credits: Decodable {
            struct Cast: Decodable {
                var name: String
                var character: String?
                var order: Int?
            }
            struct Crew: Decodable {
                var name: String
                var job: String?
                var creditId: String?
            }
            var cast: [Cast]?
            var crew: [Crew]?
        }
        struct Videos: Decodable {
            struct Video: Decodable {
                var name: String?
                var key: String
                var site: String
                var type: String?
                var official: Bool?
                var publishedAt: String?
                var size: Int?
            }
            var results: [Video]
        }
        var id: Int
        var imdbId: String?
        var title: String
        var originalTitle: String?
        var tagline: String?
        var overview: String?
        var genres: [Genre]?
        var runtime: Int?
        var releaseDate: String?
        var status: String?
        var posterPath: String?
        var backdropPath: String?
        var voteAverage: Double?
        var voteCount: Int?
        var credits: Credits?
        var videos: Videos?
    }

    struct Configuration: Decodable {
        struct Images: Decodable {
            var secureBaseUrl: String
            var posterSizes: [String]
            var backdropSizes: [String]
            var profileSizes: [String]
        }
        var images: Images
    }
}

extension ChartMovie {
    init(_ wire: TMDBWire.Movie) {
        self.init(
            id: wire.id, title: wire.title, originalTitle: wire.originalTitle ?? wire.title,
            overview: wire.overview ?? "", releaseDate: wire.releaseDate.flatMap { LocalDate(iso: $0) },
            posterPath: wire.posterPath, genreIDs: wire.genreIds ?? [], voteAverage: wire.voteAverage ?? 0,
            voteCount: wire.voteCount ?? 0, popularity: wire.popularity ?? 0)
    }
}

extension ChartMovieDetails {
    init(_ wire: TMDBWire.Details) {
        id = wire.id
        imdbID = wire.imdbId.flatMap { $0.hasPrefix("tt") ? $0 : nil }
        title = wire.title
        originalTitle = wire.originalTitle ?? wire.title
        tagline = wire.tagline ?? ""
        overview = wire.overview ?? ""
        genres = wire.genres?.map(\.name) ?? []
        runtime = wire.runtime.flatMap { $0 > 0 ? $0 : nil }
        releaseDate = wire.releaseDate.flatMap { LocalDate(iso: $0) }
        status = wire.status ?? ""
        posterPath = wire.posterPath
        backdropPath = wire.backdropPath
        voteAverage = wire.voteAverage ?? 0
        voteCount = wire.voteCount ?? 0
        // The same person can be in the crew several times (director and writer): one name each.
        var seen: Set<String> = []
        directors = (wire.credits?.crew ?? []).filter { $0.job == "Director" }.map(\.name).filter {
            seen.insert($0).inserted
        }
        cast = (wire.credits?.cast ?? []).enumerated()
            .sorted { ($0.element.order ?? $0.offset, $0.offset) < ($1.element.order ?? $1.offset, $1.offset) }
            .map { CastMember(name: $0.element.name, character: $0.element.character ?? "") }
        // Not "trailer first" on the wire: YouTube trailers, official ones first, then the newest.
        trailer = (wire.videos?.results ?? [])
            .filter { $0.site == "YouTube" && $0.type == "Trailer" && !$0.key.isEmpty }
            .sorted { a, b in
                if (a.official ?? false) != (b.official ?? false) { return a.official ?? false }
                return (a.publishedAt ?? "") > (b.publishedAt ?? "")
            }
            .first.map { Trailer(name: $0.name ?? "Trailer", site: $0.site, key: $0.key) }
    }
}
