import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `musicify serve`: the address line on stdout, the page served, logs on stderr, a clean stop on
/// SIGINT and SIGTERM.
@Suite struct ServeCommandTests {
    /// A running `musicify serve` and the first line it printed.
    struct Server {
        var process: Process
        var firstLine: String
        var output: Pipe
        var log: URL
    }

    /// Starts `musicify serve arguments…` on a free port; returns once it printed its first line
    /// (read on a thread of its own, not the test pool's).
    static func start(_ arguments: [String]) async throws -> Server {
        let process = Process()
        process.executableURL = MusicifyRun.executable
        process.arguments = ["serve", "--port", "0"] + arguments
        let output = Pipe()
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("musicify-serve-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        process.standardOutput = output
        process.standardError = try FileHandle(forWritingTo: log)
        try process.run()
        let line: String = await withCheckedContinuation { continuation in
            Thread {
                var text = ""
                while !text.contains("\n") {
                    let chunk = output.fileHandleForReading.availableData
                    if chunk.isEmpty { break }
                    text += String(decoding: chunk, as: UTF8.self)
                }
                continuation.resume(returning: text)
            }.start()
        }
        return Server(process: process, firstLine: line, output: output, log: log)
    }

    /// Waits for the process to end without holding a thread of the test pool.
    static func exitStatus(of process: Process) async -> Int32 {
        await withCheckedContinuation { continuation in
            Thread {
                process.waitUntilExit()
                continuation.resume(returning: process.terminationStatus)
            }.start()
        }
    }

    @Test(arguments: [("viper", "VIPER", SIGINT), ("redux", "Redux", SIGTERM)])
    func servesThePageAndStopsOnASignal(architecture: String, title: String, signal: Int32) async throws {
        // Given `musicify serve` of an architecture on any free port
        let server = try await Self.start(["--architecture", architecture])
        defer {
            if server.process.isRunning { kill(server.process.processIdentifier, SIGKILL) }
            try? FileManager.default.removeItem(at: server.log)
        }
        // Then its first line names the architecture and the address
        let prefix = "Musicify (\(title)) is running at http://127.0.0.1:"
        #expect(server.firstLine.hasPrefix(prefix), "\(server.firstLine)")
        let address = try #require(server.firstLine.range(of: "http://"))
        let base = try #require(
            URL(string: server.firstLine[address.lowerBound...].trimmingCharacters(in: .whitespacesAndNewlines)))
        // When the chart is asked for, and a song is selected (the redirect followed)
        let (page, pageResponse) = try await URLSession.shared.data(from: base)
        let (song, songResponse) = try await URLSession.shared.data(
            from: base.appendingPathComponent("songs/1900000001"))
        // Then the page lists the bundled chart, and the song leads to its bundled page
        #expect((pageResponse as? HTTPURLResponse)?.statusCode == 200)
        #expect(String(decoding: page, as: UTF8.self).contains("Northern Lights Again"))
        #expect(songResponse.url?.path == "/bundled/songs/1900000001")
        // (text is escaped as one, the apostrophe too)
        #expect(String(decoding: song, as: UTF8.self).contains("invented for Musicify&#39;s offline chart"))
        // When it gets the signal, Then it stops cleanly, having printed nothing more on stdout
        kill(server.process.processIdentifier, signal)
        #expect(await Self.exitStatus(of: server.process) == 0)
        let rest = server.output.fileHandleForReading.readDataToEndOfFile()
        #expect(rest.isEmpty)
        // And its request logs went to stderr
        let log = try String(contentsOf: server.log, encoding: .utf8)
        #expect(log.contains("/songs/1900000001"), "\(log)")
    }
}
