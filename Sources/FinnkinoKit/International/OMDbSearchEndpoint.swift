import AppPatterns
import Foundation

/// A title found by OMDb's search: enough to ask for its scores (``OMDbTitleEndpoint``) when TMDB
/// knows no IMDb ID for a movie.
public struct OMDbSearchResult: Sendable, Hashable, Codable {
    public var imdbID: String
    public var title: String
    /// The first year (`2017–` and `1992–1995` are series' runs); nil when OMDb has none.
    public var year: Int?
    /// `movie`, `series`, `episode`.
    public var type: String
    public var poster: URL?
}

/// `GET /?s=title[&y=year]&type=movie&page=N`: ten titles a page; no hits (or a page past the
/// end) is OMDb's error shape with status 200.
public struct OMDbSearchEndpoint: Endpoint, Hashable {
    public var title: String
    public var year: Int?
    public var page: Int

    public init(title: String, year: Int? = nil, page: Int = 1) {
        self.title = title
        self.year = year
        self.page = page
    }

    public var name: String { "OMDb search" }
    public var accepts: BodyKind? { .json }

    public var request: TransportRequest {
        var query: [TransportRequest.QueryItem] = [.init("s", title), .init("type", "movie")]
        if let year { query.append(.init("y", String(year))) }
        query.append(.init("page", String(page)))
        return TransportRequest(path: "/", query: query)
    }

    public func validate() throws {
        guard !title.trimmingCharacters(in: .whitespaces).isEmpty, title.count <= 200, (1...100).contains(page) else {
            throw EndpointValidationError(endpoint: name, message: "a title (1-200 characters) and a page 1-100")
        }
    }

    private struct Answer: Decodable {
        struct Item: Decodable {
            var title: String
            var year: String?
            var imdbID: String
            var type: String?
            var poster: String?
            enum CodingKeys: String, CodingKey {
                case title = "Title"
                case year = "Year"
                case type = "Type"
                case poster = "Poster"
                case imdbID
            }
        }
        var search: [Item]?
        var response: String?
        var error: String?
        enum CodingKeys: String, CodingKey {
            case search = "Search"
            case response = "Response"
            case error = "Error"
        }
    }

    public func refusal(_ response: TransportResponse) -> String? {
        OMDbTitleEndpoint(imdbID: "").refusal(response)
    }

    public func decode(_ body: Data) throws -> [OMDbSearchResult] {
        let answer = try ChartJSON.decode(Answer.self, from: body)
        guard answer.response == "True", let items = answer.search else {
            throw ChartDecodingError(answer.error ?? "not a search answer (Response is not True)")
        }
        return items.map { item in
            OMDbSearchResult(
                imdbID: item.imdbID, title: item.title,
                year: OMDbTitleEndpoint.present(item.year).flatMap { Int($0.prefix(4)) },
                type: OMDbTitleEndpoint.present(item.type) ?? "",
                poster: OMDbTitleEndpoint.present(item.poster).flatMap { URL(string: $0) }.flatMap {
                    $0.scheme == "https" || $0.scheme == "http" ? $0 : nil
                })
        }
    }

    public var sampleData: Data {
        Data(
            """
            {"Search":[{"Title":"Example","Year":"2024","imdbID":"tt0000001","Type":"movie","Poster":"N/A"}],\
            "totalResults":"1","Response":"True"}
            """.utf8)
    }
}
