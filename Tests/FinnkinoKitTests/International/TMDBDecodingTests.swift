import AppPatterns
import Foundation
import Testing

@testable import FinnkinoKit

/// Every TMDB sample decodes, compared field by field with an independent reading, and each quirk
/// of the schema notes is handled.
@Suite struct TMDBDecodingTests {
    @Test(arguments: FeedFixture.lists)
    func everyListSampleDecodes(name: String) throws {
        let page = try ChartListEndpoint(list: .boxOffice).decode(try FeedFixture.data(name))
        let raw = try FeedFixture.object(name)
        let results = try #require(raw["results"] as? [[String: Any]])
        #expect(page.page == raw["page"] as? Int && page.totalPages == raw["total_pages"] as? Int)
        #expect(page.totalResults == raw["total_results"] as? Int)
        #expect(page.movies.map(\.id) == results.map { $0["id"] as? Int })
        #expect(page.movies.map(\.title) == results.map { $0["title"] as? String })
        // vote_average is sometimes an integer on the wire: read as a number either way
        #expect(page.movies.map(\.voteAverage) == results.map { ($0["vote_average"] as? NSNumber)?.doubleValue })
        #expect(page.movies.map(\.posterPath) == results.map { $0["poster_path"] as? String })
        #expect(page.movies.map(\.releaseDate?.description) == results.map { $0["release_date"] as? String })
        if let dates = raw["dates"] as? [String: String] {
            #expect(page.dates?.lowerBound.description == dates["minimum"])
            #expect(page.dates?.upperBound.description == dates["maximum"])
        } else {
            #expect(page.dates == nil)
        }
    }

    @Test func missingDatesAndPathsAreNil() throws {
        // Given an item with "" for its release date and null poster and backdrop (as obscure titles have)
        var raw = try FeedFixture.object("tmdb_movie_upcoming_2023-11.json")
        var results = try #require(raw["results"] as? [[String: Any]])
        results[0]["release_date"] = ""
        results[0]["poster_path"] = NSNull()
        raw["results"] = results
        let body = try JSONSerialization.data(withJSONObject: raw)
        let movie = try #require(try ChartListEndpoint(list: .upcoming).decode(body).movies.first)
        #expect(movie.releaseDate == nil && movie.posterPath == nil)
    }

    @Test(arguments: FeedFixture.details)
    func everyDetailsSampleDecodes(name: String) throws {
        let details = try ChartMovieEndpoint(id: 1).decode(try FeedFixture.data(name))
        let raw = try FeedFixture.object(name)
        #expect(details.id == raw["id"] as? Int && details.title == raw["title"] as? String)
        #expect(details.imdbID == raw["imdb_id"] as? String)
        #expect(details.runtime == raw["runtime"] as? Int)
        #expect(details.genres == (raw["genres"] as? [[String: Any]])?.map { $0["name"] as? String ?? "" })
        #expect(details.releaseDate?.description == raw["release_date"] as? String)
        guard let credits = raw["credits"] as? [String: Any] else {
            // The plain sample has no appended credits or videos: empty, not an error
            #expect(details.cast.isEmpty && details.directors.isEmpty && details.trailer == nil)
            return
        }
        let cast = try #require(credits["cast"] as? [[String: Any]])
        let billed = cast.sorted { ($0["order"] as? Int ?? 0) < ($1["order"] as? Int ?? 0) }
        #expect(details.cast.map(\.name) == billed.map { $0["name"] as? String ?? "" })
        let crew = try #require(credits["crew"] as? [[String: Any]])
        let directors = crew.filter { $0["job"] as? String == "Director" }.compactMap { $0["name"] as? String }
        #expect(details.directors == Array(NSOrderedSet(array: directors)) as? [String])
        // The trailer: YouTube, type Trailer, official, the newest of those (the list starts with clips)
        let videos = try #require((raw["videos"] as? [String: Any])?["results"] as? [[String: Any]])
        let trailers = videos.filter {
            $0["site"] as? String == "YouTube" && $0["type"] as? String == "Trailer" && $0["official"] as? Bool == true
        }
        let newest = trailers.max { ($0["published_at"] as? String ?? "") < ($1["published_at"] as? String ?? "") }
        #expect(videos.first?["type"] as? String != "Trailer")
        #expect(details.trailer?.key == newest?["key"] as? String)
        #expect(details.trailer?.watchURL?.absoluteString == "https://www.youtube.com/watch?v=\(newest?["key"] ?? "")")
    }

    @Test func aPersonTwiceInTheCrewIsOneDirectorAndZeroRuntimeIsUnknown() throws {
        let body = Data(
            """
            {"id":7,"title":"T","runtime":0,"imdb_id":"","credits":{"cast":[{"name":"B","order":1},{"name":"A","order":0}],
            "crew":[{"name":"D","job":"Director","credit_id":"1"},{"name":"D","job":"Director","credit_id":"2"},
            {"name":"D","job":"Screenplay","credit_id":"3"}]},"videos":{"results":[
            {"key":"old","site":"YouTube","type":"Trailer","official":false,"published_at":"2024-01-01T00:00:00.000Z"},
            {"key":"vimeo","site":"Vimeo","type":"Trailer","official":true,"published_at":"2025-01-01T00:00:00.000Z"},
            {"key":"new","site":"YouTube","type":"Teaser","official":true,"published_at":"2025-01-01T00:00:00.000Z"}]}}
            """.utf8)
        let details = try ChartMovieEndpoint(id: 7).decode(body)
        #expect(details.directors == ["D"] && details.cast.map(\.name) == ["A", "B"])
        #expect(details.runtime == nil && details.imdbID == nil)
        #expect(details.trailer?.key == "old")
    }

    @Test func theVideosSampleAloneIsNotADetailsAnswer() throws {
        // The standalone /videos answer lacks a title: reading it as details is an error, not a blank movie
        #expect(throws: (any Error).self) {
            try ChartMovieEndpoint(id: 605116).decode(try FeedFixture.data("tmdb_movie_videos_605116.json"))
        }
    }

    @Test func theConfigurationGivesImageURLsOfTheRightSize() throws {
        let configuration = try TMDBConfigurationEndpoint().decode(try FeedFixture.data("tmdb_configuration.json"))
        let raw = try #require(try FeedFixture.object("tmdb_configuration.json")["images"] as? [String: Any])
        #expect(configuration.secureBaseURL.absoluteString == raw["secure_base_url"] as? String)
        #expect(configuration.posterSizes == raw["poster_sizes"] as? [String])
        // The smallest w-size at least as wide as asked, else original; never a path that climbs
        #expect(configuration.poster("/a.jpg", width: 300)?.absoluteString == "https://image.tmdb.org/t/p/w342/a.jpg")
        #expect(configuration.poster("/a.jpg", width: 92)?.absoluteString == "https://image.tmdb.org/t/p/w92/a.jpg")
        #expect(
            configuration.poster("/a.jpg", width: 2000)?.absoluteString == "https://image.tmdb.org/t/p/original/a.jpg")
        #expect(configuration.poster(nil, width: 300) == nil)
        #expect(
            configuration.poster("/../x.jpg", width: 300) == nil && configuration.poster("a.jpg", width: 300) == nil)
    }

    @Test(arguments: [401, 404, 422])
    func refusalsAreTMDBsOwnWords(status: Int) {
        let body = Data(
            #"{"success":false,"status_code":34,"status_message":"The resource you requested could not be found."}"#
                .utf8)
        let response = TransportResponse(status: status, body: body)
        #expect(
            ChartMovieEndpoint(id: 1).refusal(response) == "The resource you requested could not be found.")
        // A success is never read as a refusal, and a non-JSON error body is left to the status
        #expect(ChartListEndpoint(list: .topRated).refusal(TransportResponse(status: 200, body: body)) == nil)
        #expect(
            ChartListEndpoint(list: .topRated).refusal(TransportResponse(status: status, body: Data("<html>".utf8)))
                == nil)
    }

    @Test(arguments: [0, 501, -3])
    func pagesOutsideTMDBsRangeAreRefusedBeforeSending(page: Int) {
        #expect(throws: EndpointValidationError.self) { try ChartListEndpoint(list: .upcoming, page: page).validate() }
    }

    @Test func requestsNameTheListPageAndLanguageButNoKey() {
        let request = ChartListEndpoint(list: .topRated, page: 3, language: "fi-FI").request
        #expect(request.description == "/3/movie/top_rated?language=fi-FI&page=3")
        #expect(
            ChartMovieEndpoint(id: 84892).request.description
                == "/3/movie/84892?language=en-US&append_to_response=credits,videos")
    }

    @Test func sampleDataDecodes() throws {
        #expect(
            try ChartListEndpoint(list: .boxOffice).decode(ChartListEndpoint(list: .boxOffice).sampleData).movies.count
                == 1)
        #expect(try ChartMovieEndpoint(id: 1).decode(ChartMovieEndpoint(id: 1).sampleData).runtime == nil)
        #expect(try TMDBConfigurationEndpoint().decode(TMDBConfigurationEndpoint().sampleData).posterSizes.count == 3)
    }
}
