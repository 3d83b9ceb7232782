import AppPatterns
import Foundation

/// `GET /?i=tt…`: a title's critics' and IMDb scores from OMDb.
///
/// OMDb writes every value as a string, `"N/A"` for missing; scores are found by their source,
/// never by position (any of them can be absent); errors come with status 200 as
/// `{"Response":"False","Error":"…"}`.
public struct OMDbTitleEndpoint: Endpoint, Hashable {
    public var imdbID: String

    public init(imdbID: String) {
        self.imdbID = imdbID
    }

    public var name: String { "OMDb title" }
    public var accepts: BodyKind? { .json }

    public var request: TransportRequest { TransportRequest(path: "/", query: [.init("i", imdbID)]) }

    /// `tt` and 7 or more digits.
    public func validate() throws {
        guard imdbID.hasPrefix("tt"), imdbID.count >= 9, imdbID.count <= 12, imdbID.dropFirst(2).allSatisfy(\.isASCII),
            imdbID.dropFirst(2).allSatisfy(\.isNumber)
        else { throw EndpointValidationError(endpoint: name, message: "an IMDb ID is tt and digits, not \(imdbID)") }
    }

    private struct Answer: Decodable {
        struct Rating: Decodable {
            var source: String
            var value: String
            enum CodingKeys: String, CodingKey {
                case source = "Source"
                case value = "Value"
            }
        }
        var response: String?
        var error: String?
        var title: String?
        var ratings: [Rating]?
        var metascore: String?
        var imdbRating: String?
        var imdbVotes: String?
        var imdbID: String?

        enum CodingKeys: String, CodingKey {
            case response = "Response"
            case error = "Error"
            case title = "Title"
            case ratings = "Ratings"
            case metascore = "Metascore"
            case imdbRating, imdbVotes, imdbID
        }
    }

    /// OMDb's error (sent with 200, sometimes with 401): `Movie not found!`, `Invalid API key!`, ….
    public func refusal(_ response: TransportResponse) -> String? {
        guard let answer = try? ChartJSON.decode(Answer.self, from: response.body), answer.response == "False"
        else { return nil }
        return answer.error ?? "OMDb answered False"
    }

    public func decode(_ body: Data) throws -> CriticScores {
        let answer = try ChartJSON.decode(Answer.self, from: body)
        guard answer.response == "True", let id = Self.present(answer.imdbID) else {
            throw ChartDecodingError(answer.error ?? "not a title (Response is not True)")
        }
        func rating(_ source: String) -> String? {
            answer.ratings?.first { $0.source == source }.flatMap { Self.present($0.value) }
        }
        let rotten = rating("Rotten Tomatoes").flatMap { Int($0.replacingOccurrences(of: "%", with: "")) }
        let metacritic =
            rating("Metacritic").flatMap { Int($0.split(separator: "/").first ?? "") }
            ?? Self.present(answer.metascore).flatMap { Int($0) }
        let imdb =
            Self.present(answer.imdbRating).flatMap { Double($0) }
            ?? rating("Internet Movie Database").flatMap { Double($0.split(separator: "/").first ?? "") }
        return CriticScores(
            imdbID: id, title: Self.present(answer.title) ?? "", rottenTomatoes: rotten, metacritic: metacritic,
            imdbRating: imdb,
            imdbVotes: Self.present(answer.imdbVotes).flatMap { Int($0.replacingOccurrences(of: ",", with: "")) })
    }

    /// nil for a missing value, `"N/A"` or blank.
    static func present(_ value: String?) -> String? {
        guard let value = value?.trimmingCharacters(in: .whitespaces), !value.isEmpty, value != "N/A" else {
            return nil
        }
        return value
    }

    public var sampleData: Data {
        Data(
            """
            {"Title":"Example","Year":"2024","Ratings":[{"Source":"Rotten Tomatoes","Value":"88%"}],\
            "Metascore":"N/A","imdbRating":"7.1","imdbVotes":"1,204","imdbID":"tt0000001","Type":"movie","Response":"True"}
            """.utf8)
    }
}
