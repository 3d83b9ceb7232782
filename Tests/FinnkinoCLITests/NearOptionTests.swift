import FinnkinoKit
import Foundation
import Testing

/// `--near` end to end on the bundled default.
@Suite struct NearOptionTests {
    @Test func areasNearTampereAreSortedByDistanceWithAKilometreColumn() async throws {
        // When the areas are listed near Tampere
        let result = try await CommandLineRun.finnkino(["areas", "--near", "tampere"])
        // Then they come with a distance column, nearest first: Tampere's before Helsinki's
        #expect(result.exitCode == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("Areas by distance from Tampere\n"))
        #expect(result.fitsEightyColumns)
        let rows = result.stdout.split(separator: "\n").filter { $0.hasSuffix(" km") }
        #expect(rows.count == 22)
        let kilometres = rows.compactMap { row in
            row.split(separator: " ").dropLast().last.flatMap { Double($0) }
        }
        #expect(kilometres.count == 22)
        #expect(kilometres == kilometres.sorted())
        let names = rows.map { String($0) }
        let firstHelsinki = try #require(names.firstIndex { $0.contains("Helsinki") })
        #expect(names.prefix(3).allSatisfy { $0.contains("Tampere") })
        #expect(firstHelsinki > 2)
    }

    @Test func areasNearAPositionAsJSONCarryKilometres() async throws {
        // Given a position at Oulu's market square, written with a space after the comma
        let result = try await CommandLineRun.finnkino(["areas", "--near", "65.0130, 25.4640", "--json"])
        try #require(result.exitCode == 0, "\(result.stderr)")
        let entries = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        // Then Oulu's Plaza is first, under a kilometre away, and the rest follow in order
        let first = try #require(entries.first)
        #expect((first["area"] as? [String: Any])?["id"] as? Int == 1018)
        #expect(try #require(first["kilometres"] as? Double) < 1)
        let kilometres = entries.compactMap { $0["kilometres"] as? Double }
        #expect(kilometres.count == entries.count && kilometres == kilometres.sorted())
    }

    @Test func moviesWithoutAnAreaUseTheNearestAndSayWhich() async throws {
        // When movies are listed near a position next to Jyväskylä's Fantasia, without --area
        let near = try await CommandLineRun.finnkino(["movies", "--near", "62.2423,25.7470"])
        // Then the header names the nearest area and its distance
        #expect(near.exitCode == 0, "\(near.stderr)")
        #expect(near.stdout.hasPrefix("Now in theatres in Jyväskylä: FANTASIA (nearest, 0.0 km): "))
        #expect(near.fitsEightyColumns)
        // And the list is that area's
        let byArea = try await CommandLineRun.finnkino(["movies", "--area", "1015"])
        #expect(
            near.stdout.split(separator: "\n").dropFirst()
                == byArea.stdout.split(separator: "\n").dropFirst())
        // An explicit --area wins over --near
        let explicit = try await CommandLineRun.finnkino(["movies", "--near", "oulu", "--area", "helsinki"])
        #expect(explicit.stdout.hasPrefix("Now in theatres in Helsinki: "))
    }

    @Test func showtimesWithoutAnAreaUseTheNearest() async throws {
        let result = try await CommandLineRun.finnkino(["showtimes", "--near", "Lappeenranta", "--date", "tomorrow"])
        #expect(result.exitCode == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("Lappeenranta: STRAND (nearest, "))
        // Every theatre listed is Lappeenranta's
        #expect(result.stdout.contains("\nStrand, Lappeenranta\n"))
        #expect(!result.stdout.contains("Helsinki\n"))
    }

    @Test(arguments: [
        ["areas", "--near", "Atlantis"],
        ["areas", "--near", "60.17"],
        ["movies", "--near", "91,24.94"],
        ["showtimes", "--near", "60.17,24.94,3"],
        ["movies", "--near", ""],
    ])
    func badValuesAreOneErrorLineAndExit64(arguments: [String]) async throws {
        let result = try await CommandLineRun.finnkino(arguments)
        #expect(result.exitCode == 64)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1, "\(result.stderr)")
        #expect(lines.first?.hasPrefix("Error: --near: ") == true)
        #expect(result.stdout.isEmpty)
    }
}
