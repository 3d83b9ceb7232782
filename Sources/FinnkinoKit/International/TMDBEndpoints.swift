import AppPatterns
import Foundation

/// `GET /3/movie/now_playing|upcoming|top_rated?page=N`: one page of an international list.
public struct ChartListEndpoint: Endpoint, Hashable {
    public var list: ChartList
    public var page: Int
    /// TMDB's `language` (`fi-FI`, `en-US`): titles and overviews in it where TMDB has them.
    public var language: String

    public init(list: ChartList, page: Int = 1, language: String = "en-US") {
        self.list = list
        self.page = page
        self.language = language
    }

    public var name: String { "TMDB \(list.rawValue)" }
    public var accepts: BodyKind? { .json }

    public var request: TransportRequest {
        TransportRequest(
            path: "/3/movie/\(list.rawValue)", query: [.init("language", language), .init("page", String(page))])
    }

    /// TMDB serves pages 1 to 500.
    public func validate() throws {
        guard (1...500).contains(page) else {
            throw EndpointValidationError(endpoint: name, message: "page must be 1 to 500, not \(page)")
        }
    }

    public func refusal(_ response: TransportResponse) -> String? { TMDBWire.refusal(response) }

    public func decode(_ body: Data) throws -> ChartPage { try Self.page(body) }

    /// A page of movies as TMDB writes its lists and its search answers.
    static func page(_ body: Data) throws -> ChartPage {
        let wire = try ChartJSON.decode(TMDBWire.Page.self, from: body, with: TMDBWire.decoder())
        let dates = wire.dates.flatMap { dates -> ClosedRange<LocalDate>? in
            guard let from = LocalDate(iso: dates.minimum), let to = LocalDate(iso: dates.maximum), from <= to else {
                return nil
            }
            return from...to
        }
        return ChartPage(
            page: wire.page, totalPages: wire.totalPages, totalResults: wire.totalResults,
            movies: wire.results.map(ChartMovie.init), dates: dates)
    }

    public var sampleData: Data {
        Data(
            """
            {"page":1,"results":[{"adult":false,"backdrop_path":null,"genre_ids":[18],"id":1,"original_language":"fi",\
            "original_title":"Esimerkki","overview":"","popularity":1.5,"poster_path":null,"release_date":"",\
            "title":"Example","video":false,"vote_average":7,"vote_count":3}],"total_pages":1,"total_results":1}
            """.utf8)
    }
}

/// `GET /3/search/movie?query=…&year=…`: the first page of the movies TMDB finds by a title,
/// released (anywhere) in a year; what the app matches a Finnkino event against (``ChartMatch``).
public struct TMDBSearchEndpoint: Endpoint, Hashable {
    public var query: String
    public var year: Int?

    public init(query: String, year: Int?) {
        self.query = query
        self.year = year
    }

    public var name: String { "TMDB search" }
    public var accepts: BodyKind? { .json }

    public var request: TransportRequest {
        var items: [TransportRequest.QueryItem] = [.init("query", query), .init("include_adult", "false")]
        if let year { items.append(.init("year", String(year))) }
        items.append(.init("page", "1"))
        return TransportRequest(path: "/3/search/movie", query: items)
    }

    public func validate() throws {
        guard !query.trimmingCharacters(in: .whitespaces).isEmpty, query.count <= 200,
            year.map({ (1870...3000).contains($0) }) ?? true
        else { throw EndpointValidationError(endpoint: name, message: "a title (1-200 characters) and a year") }
    }

    public func refusal(_ response: TransportResponse) -> String? { TMDBWire.refusal(response) }

    public func decode(_ body: Data) throws -> ChartPage { try ChartListEndpoint.page(body) }

    public var sampleData: Data { ChartListEndpoint(list: .boxOffice).sampleData }
}

/// `GET /3/movie/{id}?append_to_response=credits,videos`: a movie's details, cast and crew, and
/// videos in one request.
public struct ChartMovieEndpoint: Endpoint, Hashable {
    public var id: Int
    public var language: String

    public init(id: Int, language: String = "en-US") {
        self.id = id
        self.language = language
    }

    public var name: String { "TMDB movie" }
    public var accepts: BodyKind? { .json }

    public var request: TransportRequest {
        TransportRequest(
            path: "/3/movie/\(id)", query: [.init("language", language), .init("append_to_response", "credits,videos")])
    }

    public func validate() throws {
        guard id > 0 else {
            throw EndpointValidationError(endpoint: name, message: "the ID must be positive, not \(id)")
        }
    }

    public func refusal(_ response: TransportResponse) -> String? { TMDBWire.refusal(response) }

    public func decode(_ body: Data) throws -> ChartMovieDetails {
        ChartMovieDetails(try ChartJSON.decode(TMDBWire.Details.self, from: body, with: TMDBWire.decoder()))
    }

    public var sampleData: Data {
        Data(
            """
            {"id":1,"imdb_id":null,"title":"Example","original_title":"Esimerkki","overview":"","genres":[],\
            "runtime":0,"release_date":"","status":"Released","poster_path":null,"backdrop_path":null,\
            "vote_average":0,"vote_count":0,"credits":{"cast":[],"crew":[]},"videos":{"results":[]}}
            """.utf8)
    }
}

/// `GET /3/configuration`: where TMDB's images are and in which sizes.
public struct TMDBConfigurationEndpoint: Endpoint, Hashable {
    public init() {}

    public var name: String { "TMDB configuration" }
    public var accepts: BodyKind? { .json }
    public var request: TransportRequest { TransportRequest(path: "/3/configuration") }

    public func refusal(_ response: TransportResponse) -> String? { TMDBWire.refusal(response) }

    public func decode(_ body: Data) throws -> ImageConfiguration {
        let images = try ChartJSON.decode(TMDBWire.Configuration.self, from: body, with: TMDBWire.decoder()).images
        // https, or the bundled dataset's own `bundled:///media/…` (served by its transport).
        guard let base = URL(string: images.secureBaseUrl), base.scheme == "https" || base.scheme == "bundled",
            images.secureBaseUrl.hasSuffix("/")
        else { throw ChartDecodingError("the image base URL is not an https URL: \(images.secureBaseUrl)") }
        return ImageConfiguration(
            secureBaseURL: base, posterSizes: images.posterSizes, backdropSizes: images.backdropSizes,
            profileSizes: images.profileSizes)
    }

    public var sampleData: Data {
        Data(
            """
            {"images":{"base_url":"http://image.tmdb.org/t/p/","secure_base_url":"https://image.tmdb.org/t/p/",\
            "backdrop_sizes":["w300","original"],"logo_sizes":[],"poster_sizes":["w185","w500","original"],\
            "profile_sizes":["w45","original"],"still_sizes":[]},"change_keys":[]}
            """.utf8)
    }
}
