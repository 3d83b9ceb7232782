import Foundation
import Testing

/// The CLI end to end against a loopback server answering with the real Finnkino samples.
@Suite(.serialized) struct LoopbackAPITests {
    func run(_ arguments: [String], server: FinnkinoAPIServer) async throws -> CommandLineRun {
        try await CommandLineRun.finnkino(["--source", server.baseURL] + arguments)
    }

    @Test func areasListsRealAreasWithoutThePlaceholder() async throws {
        let server = try await FinnkinoAPIServer.start()
        defer { Task { await server.stop() } }
        // When a person lists the areas
        let result = try await CommandLineRun.finnkino(["areas", "--source", server.baseURL])
        // Then the real areas are there, the "choose area" placeholder is not, and it fits 80 columns
        #expect(result.exitCode == 0, "\(result.stderr)")
        #expect(result.stdout.contains("1002  Helsinki"))
        #expect(result.stdout.contains("Jyväskylä: FANTASIA"))
        #expect(!result.stdout.contains("Valitse"))
        #expect(result.fitsEightyColumns)
        #expect(server.receivedRequests == ["/xml/TheatreAreas/"])
    }

    @Test func moviesInHelsinkiAsksForTheAreaAndListsTheSample() async throws {
        let server = try await FinnkinoAPIServer.start()
        defer { Task { await server.stop() } }
        let result = try await run(["movies", "--area", "helsinki"], server: server)
        #expect(result.exitCode == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Now in theatres in Helsinki: 3 movies"))
        #expect(result.stdout.contains("All the Money in the World"))
        #expect(result.stdout.contains("15:17 Pariisiin"))
        #expect(result.fitsEightyColumns)
        #expect(server.receivedRequests.contains { $0.hasPrefix("/xml/Events/") && $0.contains("area=1002") })
    }

    @Test func searchScopes() async throws {
        let server = try await FinnkinoAPIServer.start()
        defer { Task { await server.stop() } }
        let beginsWith = try await run(["movies", "--search", "all", "--begins-with"], server: server)
        #expect(beginsWith.exitCode == 0, "\(beginsWith.stderr)")
        #expect(beginsWith.stdout.contains("All the Money in the World"))
        #expect(!beginsWith.stdout.contains("Pariisiin"))

        let contains = try await run(["movies", "--search", "PARI", "--contains"], server: server)
        #expect(contains.stdout.contains("15:17 Pariisiin"))
        #expect(!contains.stdout.contains("All the Money"))
    }

    @Test func showtimesOfOneMovieOnADay() async throws {
        let server = try await FinnkinoAPIServer.start()
        defer { Task { await server.stop() } }
        // Guled & Nasra (303715) plays at Kinopalatsi 10:30-12:03 on 27.2.2022 in the sample.
        let result = try await run(
            ["showtimes", "--movie", "303715", "--area", "1002", "--date", "2022-02-27"], server: server)
        #expect(result.exitCode == 0, "\(result.stderr)")
        // The day as the web app writes it (one display format for both since issue 38)
        #expect(result.stdout.contains("Guled & Nasra · Helsinki · Sun 27.2.2022"))
        #expect(result.stdout.contains("Kinopalatsi, Helsinki"))
        #expect(result.stdout.contains("10:30–12:03"))
        #expect(result.fitsEightyColumns)
        #expect(server.receivedRequests.contains { $0.contains("dt=27.02.2022") && $0.contains("area=1002") })
    }

    @Test func showtimesAsJSONCarryInstants() async throws {
        let server = try await FinnkinoAPIServer.start()
        defer { Task { await server.stop() } }
        let result = try await run(
            ["showtimes", "--area", "helsinki", "--date", "27.2.2022", "--json"], server: server)
        #expect(result.exitCode == 0, "\(result.stderr)")
        let shows = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        #expect(shows.count == 84)
        let guled = try #require(shows.first { ($0["eventID"] as? Int) == 303715 })
        // As the schedule's local time with Helsinki's offset (10:30 local is 08:30 UTC), and the day as a day
        #expect(guled["start"] as? String == "2022-02-27T10:30:00+02:00")
        #expect(guled["accountingDate"] as? String == "2022-02-27")
        // And --json-lines gives the same shows, one a line
        let lines = try await run(
            ["showtimes", "--area", "helsinki", "--date", "27.2.2022", "--json-lines"], server: server)
        let objects = try lines.stdout.split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        #expect(objects.count == 84 && objects.map { $0["id"] as? Int } == shows.map { $0["id"] as? Int })
    }

    @Test func movieDetails() async throws {
        let server = try await FinnkinoAPIServer.start()
        defer { Task { await server.stop() } }
        let result = try await run(["movie", "302478"], server: server)
        #expect(result.exitCode == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("All the Money in the World"))
        #expect(result.stdout.contains("Director: Ridley Scott"))
        #expect(result.fitsEightyColumns)
    }

    @Test func newsGroupedByCategory() async throws {
        let server = try await FinnkinoAPIServer.start()
        defer { Task { await server.stop() } }
        let result = try await run(["news"], server: server)
        #expect(result.exitCode == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Ajankohtaista\n"))
        #expect(result.stdout.contains("Elokuvauutisia\n"))
        #expect(result.stdout.contains("Hobitti – Smaugin autioittama maa"))
        let byName = try await run(["news", "--category", "elokuva"], server: server)
        #expect(byName.exitCode == 0, "\(byName.stderr)")
        #expect(!byName.stdout.contains("Ajankohtaista"))
    }

    @Test func badInputGivesOneClearLineAndAFailingExit() async throws {
        let server = try await FinnkinoAPIServer.start()
        defer { Task { await server.stop() } }
        let unknownArea = try await run(["movies", "--area", "atlantis"], server: server)
        #expect(unknownArea.exitCode != 0)
        #expect(unknownArea.stderr.contains("no area matches \"atlantis\""))
        #expect(unknownArea.stdout.isEmpty)

        let ambiguous = try await run(["movies", "--area", "kinopalatsi"], server: server)
        #expect(ambiguous.exitCode != 0)
        #expect(ambiguous.stderr.contains("Helsinki: KINOPALATSI (1031)"))

        let unknownMovie = try await run(["movie", "42"], server: server)
        #expect(unknownMovie.exitCode != 0)
        #expect(unknownMovie.stderr.contains("no movie has the ID 42"))

        let unknownCategory = try await run(["news", "--category", "nope"], server: server)
        #expect(unknownCategory.exitCode != 0)
        #expect(unknownCategory.stderr.contains("no news category matches \"nope\"; categories: Ajankohtaista (1007)"))
        #expect(!unknownCategory.stderr.contains("Usage"))

        let badDate = try await run(["showtimes", "--date", "31.13.2022"], server: server)
        #expect(badDate.exitCode != 0)
        #expect(badDate.stderr.contains("--date"))
    }

    @Test func answersCachedOnDiskServeTheNextRunWhenTheSourceIsDown() async throws {
        // Given a run that fetched the areas into a data folder
        let dataDir = FileManager.default.temporaryDirectory.appendingPathComponent(
            "finnkino-cache-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dataDir) }
        let server = try await FinnkinoAPIServer.start()
        let first = try await CommandLineRun.finnkino(["areas", "--source", server.baseURL], dataDir: dataDir)
        #expect(first.exitCode == 0, "\(first.stderr)")
        // When the source goes away and a new process asks again
        await server.stop()
        let second = try await CommandLineRun.finnkino(["areas", "--source", server.baseURL], dataDir: dataDir)
        // Then the saved answer is shown, from the SQLite cache in the data folder
        #expect(second.exitCode == 0, "\(second.stderr)")
        #expect(second.stdout == first.stdout)
        let cacheFiles = try FileManager.default.contentsOfDirectory(
            atPath: dataDir.appendingPathComponent("cache").path)
        #expect(cacheFiles.contains { $0.hasSuffix(".sqlite") })
    }

    @Test func unreachableSourceIsReportedNotCrashed() async throws {
        // Port 9 (discard) on loopback: nothing listens there.
        let result = try await CommandLineRun.finnkino(["areas", "--source", "http://127.0.0.1:9"])
        #expect(result.exitCode != 0)
        #expect(result.stderr.contains("TheatreAreas"))
        #expect(result.stderr.split(separator: "\n").count <= 2)
    }

    @Test func badSourceArgument() async throws {
        let result = try await CommandLineRun.finnkino(["areas", "--source", "ftp://example"])
        #expect(result.exitCode != 0)
        #expect(result.stderr.contains("--source must be bundled, live, or an http(s) URL"))
    }
}
