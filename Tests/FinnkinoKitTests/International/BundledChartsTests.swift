import AppPatterns
import AppPatternsTesting
import Foundation
import Testing

@testable import FinnkinoKit

/// The bundled international lists through the FeedStore, as the app reads them: every page,
/// movie and score decodes, dates read as today's, posters exist at every size, and refusals are
/// the services' own.
@Suite struct BundledChartsTests {
    static let today = LocalDate(year: 2026, month: 11, day: 22)

    private func store() throws -> FeedStore {
        let charts = ChartSources(
            tmdb: WebService(transport: try BundledChartsTransport(.tmdb, today: { Self.today })),
            omdb: WebService(transport: try BundledChartsTransport(.omdb, today: { Self.today })))
        return FeedStore(
            webService: WebService(transport: try BundledTransport(today: { Self.today })), charts: .success(charts))
    }

    @Test func everyPageMovieScoreAndPosterOfEveryList() async throws {
        let store = try store()
        let images = try await store.chartImages()
        let media = try BundledTransport(today: { Self.today })
        for list in ChartList.allCases {
            var page = try await store.chartPage(list).value
            var movies = page.movies
            while page.hasNextPage {
                page = try await store.chartPage(list, page: page.page + 1).value
                movies += page.movies
            }
            #expect(movies.count == page.totalResults && Set(movies.map(\.id)).count == movies.count)
            // Release windows read as today's: out now, or still to come
            switch list {
            case .boxOffice: #expect(movies.allSatisfy { ($0.releaseDate ?? Self.today) <= Self.today })
            case .upcoming: #expect(movies.allSatisfy { ($0.releaseDate ?? Self.today) > Self.today })
            case .topRated: #expect(zip(movies, movies.dropFirst()).allSatisfy { $0.voteAverage >= $1.voteAverage })
            }
            for movie in movies.prefix(3) {
                let details = try await store.chartMovie(id: movie.id).value
                #expect(details.title == movie.title && !details.directors.isEmpty && !details.cast.isEmpty)
                let imdbID = try #require(details.imdbID)
                #expect(await store.criticScores(imdbID: imdbID)?.imdbID == imdbID)
                for width in [92, 185, 342, 500] {
                    let url = try #require(images.poster(movie.posterPath, width: width))
                    let path = String(url.absoluteString.dropFirst("bundled://".count))
                    #expect(media.response(for: TransportRequest(path: path)).status == 200, "\(url)")
                }
            }
        }
    }

    @Test func refusalsAreTheServicesOwn() async throws {
        let store = try store()
        await #expect(
            throws: WebServiceError.refused(
                endpoint: "TMDB movie", code: 404, message: "The resource you requested could not be found.")
        ) { try await store.chartMovie(id: 5) }
        // A page past the end is an empty page with the list's totals, as TMDB answers
        let past = try await store.chartPage(.upcoming, page: 9).value
        #expect(past.movies.isEmpty && past.page == 9 && past.totalResults > 0)
        // An unknown title has no scores (OMDb's "Incorrect IMDb ID.")
        #expect(await store.criticScores(imdbID: "tt0000001") == nil)
        let omdb = try BundledChartsTransport(.omdb)
        let reply = omdb.response(for: OMDbTitleEndpoint(imdbID: "tt0000001").request)
        #expect(OMDbTitleEndpoint(imdbID: "tt0000001").refusal(reply) == "Incorrect IMDb ID.")
    }

    @Test func quotedDatesMoveAndNothingElseDoes() {
        var bytes = Array(#"{"release_date":"2025-03-24","id":2025,"text":"2025-03-24 was","d":"2025-02-28"}"#.utf8)
        BundledChartsTransport.rebaseDates(&bytes, days: 1)
        #expect(
            String(decoding: bytes, as: UTF8.self)
                == #"{"release_date":"2025-03-25","id":2025,"text":"2025-03-24 was","d":"2025-03-01"}"#)
    }

    @Test func liveWithoutAKeySaysWhatToSet() async throws {
        let store = try FeedStore.make(source: .live, language: .fi, environment: [:])
        await #expect(throws: FeedStoreError.chartsUnavailable(ChartSources.missingKey)) {
            try await store.chartPage(.boxOffice)
        }
        #expect(ChartSources.missingKey.contains("TMDB_API_KEY") && ChartSources.missingKey.contains("OMDB_API_KEY"))
    }
}

/// Scores of a movie TMDB knows no IMDb ID for: found through OMDb's search by title and year.
@Suite struct CriticScoresBySearchTests {
    @Test func aMovieWithoutAnIMDbIDIsFoundByTitleAndYear() async throws {
        let search = try FeedFixture.data("omdb_search_s_money_2020.json")
        let title = try FeedFixture.data("omdb_title_tt0451279_wonder_woman_2017.json")
        let omdb = StubTransport { request in
            request.queryValue("s") != nil ? .status(200, body: search) : .status(200, body: title)
        }
        let store = FeedStore(
            webService: WebService(transport: StubTransport(.status(404))),
            charts: .success(
                ChartSources(
                    tmdb: WebService(transport: StubTransport(.status(404))), omdb: WebService(transport: omdb))))
        var movie = try ChartMovieEndpoint(id: 1).decode(ChartMovieEndpoint(id: 1).sampleData)
        // "Wall Street: Money Never Sleeps" (2010) is a movie of the search sample
        movie.title = "Wall Street: Money Never Sleeps"
        movie.releaseDate = LocalDate(year: 2010, month: 9, day: 24)
        let scores = try #require(await store.criticScores(for: movie))
        #expect(scores.rottenTomatoes == 92)
        #expect(
            omdb.receivedRequests.map(\.description) == [
                "/?s=Wall%20Street:%20Money%20Never%20Sleeps&type=movie&y=2010&page=1", "/?i=tt1027718",
            ])
        // And a title OMDb's search does not have as a movie gives no scores
        movie.title = "Money Heist"
        #expect(await store.criticScores(for: movie) == nil)
    }
}
