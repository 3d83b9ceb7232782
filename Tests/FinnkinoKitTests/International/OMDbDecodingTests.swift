import AppPatterns
import Foundation
import Testing

@testable import FinnkinoKit

/// OMDb titles: every sample decodes, scores are found by their source, "N/A" is missing, and
/// errors sent with status 200 are refusals.
@Suite struct OMDbDecodingTests {
    @Test(arguments: FeedFixture.omdbTitles)
    func everyTitleSampleDecodes(name: String) throws {
        let scores = try OMDbTitleEndpoint(imdbID: "tt0000001").decode(try FeedFixture.data(name))
        let raw = try FeedFixture.object(name)
        let ratings = try #require(raw["Ratings"] as? [[String: String]])
        func value(_ source: String) -> String? { ratings.first { $0["Source"] == source }?["Value"] }
        #expect(scores.imdbID == raw["imdbID"] as? String && scores.title == raw["Title"] as? String)
        #expect(scores.rottenTomatoes.map { "\($0)%" } == value("Rotten Tomatoes"))
        #expect(scores.metacritic.map { "\($0)/100" } == value("Metacritic"))
        #expect(scores.imdbRating.map { "\($0)/10" } == value("Internet Movie Database"))
        #expect(
            scores.imdbVotes.map(String.init) == (raw["imdbVotes"] as? String)?.replacingOccurrences(of: ",", with: ""))
    }

    @Test func scoresAreFoundBySourceAndNAIsMissing() throws {
        // Given a title with only IMDb and Rotten Tomatoes, in another order, and N/A for the rest
        let body = Data(
            """
            {"Title":"Partial","Ratings":[{"Source":"Rotten Tomatoes","Value":"61%"},
            {"Source":"Internet Movie Database","Value":"6.5/10"}],"Metascore":"N/A","imdbRating":"N/A",
            "imdbVotes":"N/A","imdbID":"tt4853102","Response":"True"}
            """.utf8)
        let scores = try OMDbTitleEndpoint(imdbID: "tt4853102").decode(body)
        #expect(scores.rottenTomatoes == 61 && scores.metacritic == nil && scores.imdbVotes == nil)
        #expect(scores.imdbRating == 6.5)
        // And a title with no ratings at all has no scores
        let none = Data(#"{"Title":"None","Ratings":[],"Metascore":"N/A","imdbID":"tt0000002","Response":"True"}"#.utf8)
        #expect(try OMDbTitleEndpoint(imdbID: "tt0000002").decode(none).isEmpty)
    }

    @Test(arguments: [
        (200, "Movie not found!"), (200, "Incorrect IMDb ID."), (401, "Invalid API key!"),
        (401, "Request limit reached!"),
    ])
    func errorsAreRefusalsWhateverTheStatus(status: Int, error: String) {
        let body = Data(#"{"Response":"False","Error":"\#(error)"}"#.utf8)
        #expect(OMDbTitleEndpoint(imdbID: "tt0000001").refusal(TransportResponse(status: status, body: body)) == error)
    }

    @Test func aRealTitleIsNotARefusal() throws {
        let body = try FeedFixture.data(FeedFixture.omdbTitles[0])
        #expect(OMDbTitleEndpoint(imdbID: "tt0083658").refusal(TransportResponse(status: 200, body: body)) == nil)
    }

    @Test(arguments: ["0083658", "tt", "tt12ab567", "nm0000001", "tt0083658&apikey=x"])
    func notAnIMDbIDIsRefusedBeforeSending(id: String) {
        #expect(throws: EndpointValidationError.self) { try OMDbTitleEndpoint(imdbID: id).validate() }
    }

    @Test func theSampleDecodesAndTheRequestCarriesNoKey() throws {
        #expect(
            try OMDbTitleEndpoint(imdbID: "tt0000001").decode(OMDbTitleEndpoint(imdbID: "x").sampleData).imdbRating
                == 7.1)
        #expect(OMDbTitleEndpoint(imdbID: "tt0083658").request.description == "/?i=tt0083658")
    }
}

/// OMDb's search: the sample decodes; years of series runs; no hits is a refusal.
@Suite struct OMDbSearchTests {
    @Test func theSearchSampleDecodes() throws {
        let name = "omdb_search_s_money_2020.json"
        let results = try OMDbSearchEndpoint(title: "money").decode(try FeedFixture.data(name))
        let raw = try #require(try FeedFixture.object(name)["Search"] as? [[String: String]])
        #expect(results.map(\.imdbID) == raw.map { $0["imdbID"] ?? "" })
        #expect(results.map(\.year) == raw.map { Int(($0["Year"] ?? "").prefix(4)) })
        #expect(results.map { $0.poster?.absoluteString } == raw.map { $0["Poster"] == "N/A" ? nil : $0["Poster"] })
        // "2017–" is a series still running: its first year
        #expect(raw.contains { $0["Year"] == "2017–" } && results.contains { $0.year == 2017 && $0.type == "series" })
    }

    @Test func noHitsIsARefusalAndTheRequestAsksForMovies() {
        let body = Data(#"{"Response":"False","Error":"Movie not found!"}"#.utf8)
        #expect(
            OMDbSearchEndpoint(title: "zzzz").refusal(TransportResponse(status: 200, body: body)) == "Movie not found!")
        #expect(
            OMDbSearchEndpoint(title: "Blade Runner", year: 1982).request.description
                == "/?s=Blade%20Runner&type=movie&y=1982&page=1")
        #expect(throws: EndpointValidationError.self) { try OMDbSearchEndpoint(title: " ").validate() }
    }
}
