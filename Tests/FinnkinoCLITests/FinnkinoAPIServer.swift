import Foundation
import NIOConcurrencyHelpers
import TestSupport

/// A loopback HTTP server (``LoopbackHTTPServer``) in the Finnkino API's URL layout, answering
/// with the real samples (Tests/FinnkinoKitTests/Fixtures/anchors), so the CLI can be used end to
/// end against it. It also answers TMDB's and OMDb's paths with their real samples
/// (Fixtures/feeds), for the key ``apiKey`` only (TMDB's and OMDb's own refusals otherwise); the
/// first request for page 2 of a list gets a 429 asking to wait a second, as TMDB's rate limit does.
final class FinnkinoAPIServer: Sendable {
    private let server: LoopbackHTTPServer

    /// Everything asked so far, as `path?query`.
    var receivedRequests: [String] { server.requests.map(\.target) }

    static let samples = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("FinnkinoKitTests/Fixtures/anchors")
    static let feedSamples = samples.deletingLastPathComponent().appendingPathComponent("feeds")
    static let apiKey = "test-key"

    /// Starts the server on a free loopback port.
    static func start() async throws -> FinnkinoAPIServer {
        let pagesTwo = NIOLockedValueBox(0)
        return FinnkinoAPIServer(
            server: try LoopbackHTTPServer { request in
                let path = request.path
                if path.hasPrefix("/3/") || path == "/" {
                    let firstPageTwo =
                        request.query["page"] == "2"
                        && pagesTwo.withLockedValue { seen in
                            seen += 1
                            return seen == 1
                        }
                    return Self.feeds(path: path, query: request.query, firstPageTwo: firstPageTwo)
                }
                return Self.answer(path: path, query: request.query)
            })
    }

    private init(server: LoopbackHTTPServer) {
        self.server = server
    }

    var port: Int { Int(server.port) }

    var baseURL: String { server.baseURLString }

    func stop() async {
        server.stop()
    }

    private static func answer(path: String, query: [String: String]) -> LoopbackHTTPServer.Behaviour {
        let endpoint = path.lowercased().split(separator: "/").map(String.init)
        guard endpoint.count == 2, endpoint[0] == "xml" else { return notFound() }
        switch endpoint[1] {
        case "theatreareas": return file("theatreareas-2019-01.xml")
        case "events":
            return query["listType"] == "ComingSoon"
                ? file("events-comingsoon-inkino-2018-04.xml") : file("events-nowintheatres-inkino-2018-02.xml")
        case "schedule":
            return query["dt"] == "27.02.2022" ? file("schedule-area1002-helsinki-2022-02-27.xml") : xml(emptySchedule)
        case "scheduledates": return file("scheduledates-finnkino2json-mock-2021-12.xml")
        case "news": return file("news-abridged-readme-2013.xml")
        case "newscategories": return xml(newsCategories)
        default: return notFound()
        }
    }

    /// TMDB (`/3/…`, key `api_key`) and OMDb (`/?i=…`, key `apikey`).
    private static func feeds(path: String, query: [String: String], firstPageTwo: Bool) -> LoopbackHTTPServer.Behaviour
    {
        if path == "/" {
            guard query["apikey"] == apiKey else {
                return json(401, #"{"Response":"False","Error":"Invalid API key!"}"#)
            }
            return query["i"] == "tt1659337"
                ? json(file: "omdb_title_tt0451279_wonder_woman_2017.json")
                : json(200, #"{"Response":"False","Error":"Incorrect IMDb ID."}"#)
        }
        guard query["api_key"] == apiKey else {
            return json(
                401,
                #"{"status_code":7,"status_message":"Invalid API key: You must be granted a valid key.","success":false}"#
            )
        }
        if firstPageTwo {
            return .reply(
                status: 429, headers: [("Content-Type", "application/json;charset=utf-8"), ("Retry-After", "1")],
                body: Data(
                    #"{"status_code":25,"status_message":"Your request count is over the allowed limit.","success":false}"#
                        .utf8))
        }
        switch path {
        case "/3/configuration": return json(file: "tmdb_configuration.json")
        case "/3/movie/now_playing": return json(file: "tmdb_movie_now_playing_2023-11.json")
        case "/3/movie/upcoming": return json(file: "tmdb_movie_upcoming_2023-11.json")
        case "/3/movie/top_rated": return json(file: "tmdb_movie_top_rated_2023-11.json")
        case "/3/movie/84892": return json(file: "tmdb_movie_details_84892_append_credits_videos_external_ids.json")
        default:
            return json(
                404,
                #"{"success":false,"status_code":34,"status_message":"The resource you requested could not be found."}"#
            )
        }
    }

    private static func json(file name: String) -> LoopbackHTTPServer.Behaviour {
        guard let data = try? Data(contentsOf: feedSamples.appendingPathComponent(name)) else { return notFound() }
        return .answer(200, "application/json;charset=utf-8", data)
    }

    private static func json(_ status: Int, _ text: String) -> LoopbackHTTPServer.Behaviour {
        .answer(status, "application/json;charset=utf-8", text)
    }

    private static func file(_ name: String) -> LoopbackHTTPServer.Behaviour {
        guard let data = try? Data(contentsOf: samples.appendingPathComponent(name)) else { return notFound() }
        return xml(data)
    }

    private static func xml(_ data: Data) -> LoopbackHTTPServer.Behaviour {
        .answer(200, "text/xml; charset=utf-8", data)
    }

    private static func notFound() -> LoopbackHTTPServer.Behaviour {
        .answer(404, "text/html", "<html><body>404 Not Found</body></html>")
    }

    /// No sample of these two answers exists; they follow SCHEMA.md and use the categories seen in
    /// the News sample.
    private static let emptySchedule = Data(
        """
        <?xml version="1.0"?>
        <Schedule xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
          <PubDate>2022-02-28T00:00:00+02:00</PubDate>
          <Shows />
        </Schedule>
        """.utf8)

    private static let newsCategories = Data(
        """
        <?xml version="1.0"?>
        <NewsCategories xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
          <NewsArticleCategory><ID>1007</ID><Name>Ajankohtaista</Name></NewsArticleCategory>
          <NewsArticleCategory><ID>1011</ID><Name>Elokuvauutisia</Name></NewsArticleCategory>
        </NewsCategories>
        """.utf8)
}
