import Foundation
import Testing

/// `finnkino charts`, end to end: on the bundled dataset, and in live mode against a loopback
/// server answering TMDB's and OMDb's paths with their real samples.
@Suite(.timeLimit(.minutes(3))) struct ChartsCLITests {
    @Test func theBundledListsPageByPageAndAMovieWithItsScores() async throws {
        let first = try await CommandLineRun.finnkino(["charts"])
        #expect(first.exitCode == 0, "\(first.stderr)")
        let lines = first.stdout.split(separator: "\n")
        #expect(lines.first?.hasPrefix("Box office: page 1 of 2 (") == true && lines.count == 2 + 20, "\(first.stdout)")
        let second = try await CommandLineRun.finnkino(["charts", "top", "--page", "2", "--json"])
        let page = try #require(try JSONSerialization.jsonObject(with: Data(second.stdout.utf8)) as? [String: Any])
        #expect(page["page"] as? Int == 2 && (page["movies"] as? [Any])?.count == 20)
        // A movie of the list, with the audience's and critics' scores
        let id = try #require(lines.dropFirst(3).first?.split(separator: " ").first)
        let movie = try await CommandLineRun.finnkino(["charts", "movie", String(id)])
        #expect(movie.exitCode == 0, "\(movie.stderr)")
        #expect(movie.stdout.contains("Audience: ") && movie.stdout.contains("Director: "), "\(movie.stdout)")
        #expect(movie.stdout.contains("Critics: ") && movie.stdout.contains("ID: \(id)"))
    }

    @Test(arguments: [
        (["charts", "movie", "5"], "no movie has the TMDB ID 5"), (["charts", "sideways"], "'sideways' is invalid"),
        (["charts", "--page", "0"], "--page must be 1 to 500"),
    ])
    func badRequestsAreOneLine(arguments: [String], says: String) async throws {
        let run = try await CommandLineRun.finnkino(arguments)
        #expect(run.exitCode != 0)
        #expect(run.stderr.contains(says), "\(run.stderr)")
    }

    @Test func liveWithKeysAgainstTheRealSamples() async throws {
        let server = try await FinnkinoAPIServer.start()
        defer { Task { await server.stop() } }
        let keys = ["TMDB_API_KEY": FinnkinoAPIServer.apiKey, "OMDB_API_KEY": FinnkinoAPIServer.apiKey]
        let live = ["--source", server.baseURL + "/"]
        // The box-office list is the real now_playing sample
        let list = try await CommandLineRun.finnkino(["charts"] + live, environment: keys)
        #expect(list.exitCode == 0, "\(list.stderr)")
        #expect(list.stdout.hasPrefix("Box office: page 1 of 104 (2061 movies") && list.stdout.contains("507089"))
        // Page 2 is answered 429 first: the CLI waits the second asked for, then gets it
        let started = Date()
        let paged = try await CommandLineRun.finnkino(["charts", "upcoming", "--page", "2"] + live, environment: keys)
        #expect(paged.exitCode == 0, "\(paged.stderr)")
        #expect(Date().timeIntervalSince(started) >= 1)
        #expect(server.receivedRequests.filter { $0.contains("page=2") }.count == 2)
        // The details sample, with OMDb's scores
        let movie = try await CommandLineRun.finnkino(["charts", "movie", "84892"] + live, environment: keys)
        #expect(movie.stdout.hasPrefix("The Perks of Being a Wallflower"), "\(movie.stdout)\(movie.stderr)")
        #expect(
            movie.stdout.contains("Director: Stephen Chbosky") && movie.stdout.contains("Rotten Tomatoes 92%"),
            "\(server.receivedRequests)")
        #expect(movie.stdout.contains("Trailer: https://www.youtube.com/watch?v="))
        // The keys went as query items, never into what is shown
        #expect(server.receivedRequests.contains { $0.contains("api_key=test-key") })
        #expect(!list.stdout.contains("test-key") && !movie.stdout.contains("test-key"))
    }

    @Test func aMissingOrWrongKeyIsOneClearLine() async throws {
        let server = try await FinnkinoAPIServer.start()
        defer { Task { await server.stop() } }
        let live = ["--source", server.baseURL + "/"]
        let missing = try await CommandLineRun.finnkino(["charts"] + live, environment: ["TMDB_API_KEY": " "])
        #expect(missing.exitCode == 1)
        #expect(
            missing.stderr.contains("need a TMDB API key with --source live: set TMDB_API_KEY"), "\(missing.stderr)")
        let wrong = try await CommandLineRun.finnkino(["charts"] + live, environment: ["TMDB_API_KEY": "nope"])
        #expect(wrong.exitCode == 1)
        #expect(wrong.stderr.contains("Invalid API key: You must be granted a valid key."), "\(wrong.stderr)")
    }
}
