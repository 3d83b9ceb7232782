import Foundation
import Testing

/// `musicify open ID`: the song selected on the screen, its page printed.
@Suite struct OpenCommandTests {
    @Test func aBundledSongOpensItsPage() async throws {
        // When a person opens the third song of the bundled chart
        let result = try await MusicifyRun.run(["open", "1900000015"])
        // Then the page the screen opened is printed, and nothing else
        #expect(result.exitCode == 0, "\(result.stderr)")
        #expect(result.stdout == "https://musicify.invalid/songs/1900000015\n")
        #expect(result.stderr.isEmpty)
    }

    @Test func aRealSongOpensItsPageOnApple() async throws {
        let server = try await ChartServer.start(answering: .realSample)
        defer { Task { await server.stop() } }
        let result = try await MusicifyRun.run(["open", "1622045635", "--source", server.baseURL])
        #expect(result.exitCode == 0, "\(result.stderr)")
        #expect(
            result.stdout == "https://music.apple.com/us/album/tit%C3%AD-me-pregunt%C3%B3/1622045624?i=1622045635\n")
    }

    @Test(arguments: ["1900000002", "0", "nothing", "../1900000001"])
    func aSongNotInTheChartIsOneClearLine(id: String) async throws {
        // When a person opens an ID no row shows
        let result = try await MusicifyRun.run(["open", id])
        // Then one line says so and it exits 1
        #expect(result.exitCode == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == "No song with ID \(id) is in the chart (see musicify list --json).\n")
    }

    @Test func aFailingSourceStopsTheOpenWithItsError() async throws {
        let result = try await MusicifyRun.run(["open", "1900000001", "--source", "http://127.0.0.1:9"])
        #expect(result.exitCode == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("Connection error: "))
        #expect(result.stderr.split(separator: "\n").count == 1)
    }
}
