import Foundation
import Testing

/// `musicify open ID`: the song selected on the screen, its page printed.
@Suite struct OpenCommandTests {
    @Test func aBundledSongOpensItsPage() async throws {
        // Given the bundled chart, When a person opens its third song
        let result = try await MusicifyRun.run(["open", "1900000015"])
        // Then the page the screen opened is printed alone, and where the web app shows it is said apart
        #expect(result.exitCode == 0, "\(result.stderr)")
        #expect(result.stdout == "https://musicify.invalid/songs/1900000015\n")
        #expect(
            result.stderr
                == "An invented song of the bundled chart: `musicify serve` shows its page at /bundled/songs/1900000015.\n"
        )
    }

    @Test func aRealSongOpensItsPageOnApple() async throws {
        // Given a server answering with Apple's real chart
        let server = try await ChartServer.start(answering: .realSample)
        defer { Task { await server.stop() } }
        // When a song of it is opened
        let result = try await MusicifyRun.run(["open", "1622045635", "--source", server.baseURL])
        // Then its page on Apple Music is printed, as the feed has it, and nothing more is said
        #expect(result.exitCode == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty)
        #expect(
            result.stdout == "https://music.apple.com/us/album/tit%C3%AD-me-pregunt%C3%B3/1622045624?i=1622045635\n")
    }

    @Test(arguments: ["1900000002", "0", "nothing", "../1900000001"])
    func aSongNotInTheChartIsOneClearLine(id: String) async throws {
        // Given the bundled chart, When a person opens an ID no row shows
        let result = try await MusicifyRun.run(["open", id])
        // Then one line says so and it exits 1
        #expect(result.exitCode == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == "No song with ID \(id) is in the chart (see musicify list --json).\n")
    }

    @Test func aFailingSourceStopsTheOpenWithItsError() async throws {
        // Given a source where nothing listens, When a song is opened
        let result = try await MusicifyRun.run(["open", "1900000001", "--source", "http://127.0.0.1:9"])
        // Then the load's error is the one line, nothing is opened
        #expect(result.exitCode == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("Connection error: "))
        #expect(result.stderr.split(separator: "\n").count == 1)
    }
}
