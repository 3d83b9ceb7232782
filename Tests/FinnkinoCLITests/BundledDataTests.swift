import FinnkinoKit
import Foundation
import Testing

/// The CLI end to end on the bundled default, as a person runs it after cloning.
@Suite struct BundledDataTests {
    func json(_ arguments: [String]) async throws -> [[String: Any]] {
        let result = try await CommandLineRun.finnkino(arguments + ["--json"])
        try #require(result.exitCode == 0, "\(result.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
    }

    @Test func areasAreTheRealList() async throws {
        let areas = try await json(["areas"])
        // The 2019 list's 20, and the newer 1046 "Raisio: LUXE MYLLY" and 1047 "Turku ja Raisio"
        #expect(areas.count == 22)
        #expect(areas.contains { ($0["id"] as? Int) == 1047 && ($0["name"] as? String) == "Turku ja Raisio" })
        #expect(areas.contains { ($0["id"] as? Int) == 1002 && ($0["name"] as? String) == "Helsinki" })
    }

    @Test func moviesInHelsinki() async throws {
        let result = try await CommandLineRun.finnkino(["movies", "--area", "helsinki"])
        #expect(result.exitCode == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("Now in theatres in Helsinki: "))
        #expect(result.fitsEightyColumns)
        #expect(try await json(["movies"]).count >= 30)
        #expect(try await json(["movies", "--coming-soon"]).count >= 10)
    }

    @Test func showtimesTomorrowAreTomorrowInHelsinki() async throws {
        // Given a movie that plays in Helsinki tomorrow
        let tomorrow = HelsinkiTime.today().adding(days: 1)
        let shows = try await json(["showtimes", "--area", "helsinki", "--date", "tomorrow"])
        let first = try #require(shows.first)
        let movieID = try #require(first["eventID"] as? Int)
        let title = try #require(first["title"] as? String)
        // When its showtimes for tomorrow are asked for
        let result = try await CommandLineRun.finnkino([
            "showtimes", "--movie", String(movieID), "--area", "helsinki", "--date", "tomorrow",
        ])
        // Then they are listed under the movie, for tomorrow's date, and start tomorrow in Helsinki
        #expect(result.exitCode == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("\(title) · Helsinki · "))
        #expect(result.stdout.contains("\(tomorrow.day).\(tomorrow.month).\(tomorrow.year)"))
        #expect(result.fitsEightyColumns)
        let formatter = ISO8601DateFormatter()
        let starts = try await json([
            "showtimes", "--movie", String(movieID), "--area", "helsinki", "--date", "tomorrow",
        ])
        .compactMap { ($0["start"] as? String).flatMap(formatter.date(from:)) }
        #expect(!starts.isEmpty)
        #expect(starts.allSatisfy { HelsinkiTime.localDate(of: $0) == tomorrow })
    }

    @Test func showtimesOfAnAreaByItsIDAreThoseByItsNameAndAnUnknownIDIsRefused() async throws {
        // Given the shows of Helsinki tomorrow, asked for by name (the areas read first)
        let byName = try await CommandLineRun.finnkino([
            "showtimes", "--area", "helsinki", "--date", "tomorrow", "--json",
        ])
        try #require(byName.exitCode == 0, "\(byName.stderr)")
        // When they are asked for by the area's ID (the schedule asked for while the areas are read)
        let byID = try await CommandLineRun.finnkino(["showtimes", "--area", " 1002", "--date", "tomorrow", "--json"])
        // Then the answer is the same, and not empty
        #expect(byID.exitCode == 0, "\(byID.stderr)")
        #expect(byID.stdout == byName.stdout)
        #expect(byID.stdout.count > 100)
        // And an ID no area has is refused with the reason, whatever its schedule would have been
        let unknown = try await CommandLineRun.finnkino(["showtimes", "--area", "9999", "--date", "tomorrow"])
        #expect(unknown.exitCode == 1)
        #expect(unknown.stderr.contains("no area has the ID 9999"))
        #expect(unknown.stdout.isEmpty)
    }

    @Test(arguments: [
        "31.2.2026", "2026-02-31", "29.2.2026", "31.4.2026", "0.1.2026", "next week", "1.1.9223372036854775807",
    ])
    func aDayThatIsNotOnTheCalendarIsAUsageError(day: String) async throws {
        let result = try await CommandLineRun.finnkino(["showtimes", "--area", "helsinki", "--date", day])
        #expect(result.exitCode == 64, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("Error: The value '\(day)' is invalid for '--date"), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    @Test func searchScopesOnTheBundledTitles() async throws {
        let beginsWith = try await CommandLineRun.finnkino(["movies", "--search", "dyy", "--begins-with"])
        #expect(beginsWith.exitCode == 0, "\(beginsWith.stderr)")
        #expect(beginsWith.stdout.contains("Dyy"))
        let found = try await json(["movies", "--search", "dyy", "--begins-with"])
        #expect(!found.isEmpty)
        // Every result's title or original title begins with the text, accents and case ignored.
        #expect(
            found.allSatisfy { movie in
                [movie["title"], movie["originalTitle"]].compactMap { $0 as? String }
                    .contains { SearchKey($0).hasPrefix(SearchKey("dyy")) }
            })
        let aiti = try await json(["movies", "--search", "aiti", "--contains"]).compactMap { $0["title"] as? String }
        #expect(aiti.contains { $0.hasPrefix("Äiti") })
    }

    @Test func newsHasCategories() async throws {
        let result = try await CommandLineRun.finnkino(["news"])
        #expect(result.exitCode == 0, "\(result.stderr)")
        #expect(try await json(["news"]).count >= 20)
    }
}
