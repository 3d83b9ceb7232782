import Foundation
import Testing

/// `musicify list` end to end: on the bundled chart, and against a loopback server answering with
/// the real chart sample, broken JSON or an error status, or not at all.
@Suite struct ListCommandTests {
    @Test func theBundledChartAsAlignedText() async throws {
        // Given the defaults (MVC, the bundled chart), When a person lists the chart
        let result = try await MusicifyRun.run(["list"])
        // Then the 20 songs are printed in chart order: rank right-aligned, name, artist and year
        #expect(result.exitCode == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 20)
        #expect(lines.first == " 1  Northern Lights Again    Aino Halme · 2026")
        #expect(lines.last == "20  Sunday Static            Lotta North · 2026")
        #expect(lines.contains(" 3  Midnight in Kallio       Veikko & The Night Trams · 2026"))
        // And every subtitle starts in the same column
        let column = "20  Rain on Mannerheimintie  ".count
        #expect(lines.allSatisfy { $0.count > column && $0.dropFirst(column - 2).hasPrefix("  ") })
        #expect(lines.allSatisfy { !$0.dropFirst(column).hasPrefix(" ") })
    }

    @Test func theBundledChartAsJSONHoldsTheRowsWithSortedKeys() async throws {
        // Given the bundled chart, When it is asked for as JSON
        let result = try await MusicifyRun.run(["list", "--json"])
        #expect(result.exitCode == 0, "\(result.stderr)")
        // Then it is the screen's rows, in chart order, each with its four fields
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: String]])
        #expect(rows.count == 20)
        #expect(
            rows.first == [
                "id": "1900000001", "title": "Northern Lights Again", "subtitle": "Aino Halme · 2026",
                "artworkURL": "https://musicify.invalid/artwork/1900000001/300x300bb.svg",
            ])
        #expect(rows.last?["id"] == "1900000134")
        // And the keys come sorted, pretty-printed, the same way every time
        let keys = ["\"artworkURL\"", "\"id\"", "\"subtitle\"", "\"title\""]
        let offsets = keys.compactMap { result.stdout.range(of: $0)?.lowerBound }
        #expect(offsets.count == 4 && offsets == offsets.sorted())
        #expect(result.stdout.hasPrefix("[\n  {\n"))
        let again = try await MusicifyRun.run(["list", "--json"])
        #expect(again.stdout == result.stdout)
    }

    @Test func theBundledChartByArtist() async throws {
        // Given the bundled chart, When a person lists it by artist, as text and as JSON
        let text = try await MusicifyRun.run(["list", "--sort", "artist"])
        let json = try await MusicifyRun.run(["list", "--sort", "artist", "--json"])
        let chart = try await MusicifyRun.run(["list", "--json"])
        // Then the same 20 songs are listed from Aino Halme to Veikko & The Night Trams
        #expect(text.exitCode == 0, "\(text.stderr)")
        let lines = text.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 20)
        #expect(lines.first == " 1  Northern Lights Again    Aino Halme · 2026")
        #expect(lines[1] == " 2  Run the Red Light        Brass Echo · 2026")
        #expect(lines.last == "20  Midnight in Kallio       Veikko & The Night Trams · 2026")
        let byArtist = try #require(
            try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: String]])
        let inChartOrder = try #require(
            try JSONSerialization.jsonObject(with: Data(chart.stdout.utf8)) as? [[String: String]])
        #expect(byArtist.map { $0["id"] ?? "" } != inChartOrder.map { $0["id"] ?? "" })
        #expect(Set(byArtist.map { $0["id"] ?? "" }) == Set(inChartOrder.map { $0["id"] ?? "" }))
        #expect(byArtist.map { $0["title"] ?? "" }.prefix(2) == ["Northern Lights Again", "Run the Red Light"])
        // And the chart's own order by name is the plain list
        let named = try await MusicifyRun.run(["list", "--sort", "chart", "--json"])
        #expect(named == chart)
    }

    @Test func theRealChartFromALoopbackServer() async throws {
        // Given a server answering with Apple's real chart of May 2022
        let server = try await ChartServer.start(answering: .realSample)
        defer { Task { await server.stop() } }
        // When the chart is listed from it
        let text = try await MusicifyRun.run(["list", "--source", server.baseURL])
        let json = try await MusicifyRun.run(["list", "--source", server.baseURL, "--json"])
        // Then its 20 songs are shown as they are in the feed, accents and all
        #expect(text.exitCode == 0, "\(text.stderr)")
        let lines = text.stdout.split(separator: "\n")
        #expect(lines.count == 20)
        #expect(lines.first?.hasPrefix(" 1  WAIT FOR U (feat. Drake & Tems)") == true)
        #expect(lines.first?.hasSuffix("  Future · 2022") == true)
        #expect(lines[1].hasPrefix(" 2  Tití Me Preguntó "))
        #expect(lines.last?.hasPrefix("20  712PM ") == true)
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: String]])
        #expect(rows.count == 20)
        #expect(rows.first?["id"] == "1621119447")
        #expect(
            rows.first?["artworkURL"]
                == "https://is4-ssl.mzstatic.com/image/thumb/Music122/v4/65/f2/06/"
                + "65f2067b-a8ea-239c-c219-8e0f0282dcea/196589073693.jpg/300x300bb.jpg")
        // And the server was asked for the chart's path only
        #expect(Set(server.receivedPaths) == [ChartServer.chartPath])
    }

    @Test func brokenJSONIsAParsingErrorOnOneLine() async throws {
        // Given a server whose answer is not JSON
        let server = try await ChartServer.start(answering: .json(status: 200, body: #"{"feed": {"results": [tru"#))
        defer { Task { await server.stop() } }
        // When the chart is listed
        let result = try await MusicifyRun.run(["list", "--source", server.baseURL])
        // Then nothing is printed on stdout, one line says "JSON parsing error" and why, and it exits 1
        #expect(result.exitCode == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("JSON parsing error: not Apple's songs feed"), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1)
    }

    @Test func jsonThatIsNotAChartIsAParsingErrorToo() async throws {
        // Given a server answering JSON without songs
        let server = try await ChartServer.start(answering: .json(status: 200, body: #"{"feed": {"title": "x"}}"#))
        defer { Task { await server.stop() } }
        // When the chart is asked for as JSON
        let result = try await MusicifyRun.run(["list", "--json", "--source", server.baseURL])
        // Then it is a parsing error on one line, not an empty list
        #expect(result.exitCode == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("JSON parsing error: "), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1)
    }

    @Test func aRefusedConnectionIsAConnectionError() async throws {
        // Given a source where nothing listens (port 9, discard, on loopback)
        // When the chart is listed
        let result = try await MusicifyRun.run(["list", "--source", "http://127.0.0.1:9"])
        // Then one line says "Connection error" and that no answer came, and it exits 1
        #expect(result.exitCode == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("Connection error: no answer: "), "\(result.stderr)")
        #expect(result.stderr.contains("127.0.0.1"))
        #expect(result.stderr.split(separator: "\n").count == 1)
    }

    @Test func anErrorStatusIsAConnectionErrorNamingIt() async throws {
        // Given a server answering 503
        let server = try await ChartServer.start(answering: .json(status: 503, body: #"{"error": "busy"}"#))
        defer { Task { await server.stop() } }
        // When the chart is listed
        let result = try await MusicifyRun.run(["list", "--source", server.baseURL])
        // Then it is a connection error naming the status
        #expect(result.exitCode == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == "Connection error: 127.0.0.1 answered 503\n")
    }

    @Test func anEmptyChartSaysSo() async throws {
        // Given a chart without songs
        let server = try await ChartServer.start(answering: .json(status: 200, body: #"{"feed": {"results": []}}"#))
        defer { Task { await server.stop() } }
        // When it is listed as text and as JSON
        let text = try await MusicifyRun.run(["list", "--source", server.baseURL])
        let json = try await MusicifyRun.run(["list", "--source", server.baseURL, "--json"])
        // Then the text says so and the JSON is an empty list
        #expect(text.exitCode == 0 && json.exitCode == 0)
        #expect(text.stdout == "The chart has no songs right now.\n")
        #expect(json.stdout == "[\n\n]\n" || json.stdout == "[]\n")
    }
}
