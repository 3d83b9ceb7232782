import Foundation

/// One run of the built `musicify` executable, as a person would start it: its exit status and
/// what it printed on each stream.
struct MusicifyRun: Equatable {
    var exitCode: Int32
    var stdout: String
    var stderr: String

    /// The `musicify` binary next to this test bundle in the build folder.
    static var executable: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("musicify")
    }

    /// Runs `musicify arguments…`, stopped after `timeout` seconds. Its output goes to files (no
    /// pipe to fill up) and the exit is awaited without holding a thread of the test pool.
    static func run(_ arguments: [String], timeout: Duration = .seconds(60)) async throws -> MusicifyRun {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("musicify-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let streams = [scratch.appendingPathComponent("stdout"), scratch.appendingPathComponent("stderr")]
        for stream in streams { _ = FileManager.default.createFile(atPath: stream.path, contents: nil) }

        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = try FileHandle(forWritingTo: streams[0])
        process.standardError = try FileHandle(forWritingTo: streams[1])
        let watchdog = Task {
            try await Task.sleep(for: timeout)
            process.terminate()
        }
        defer { watchdog.cancel() }
        let exitCode: Int32 = try await withCheckedThrowingContinuation { continuation in
            process.terminationHandler = { continuation.resume(returning: $0.terminationStatus) }
            do { try process.run() } catch {
                process.terminationHandler = nil
                continuation.resume(throwing: error)
            }
        }
        let printed = streams.map { (try? String(contentsOf: $0, encoding: .utf8)) ?? "" }
        return MusicifyRun(exitCode: exitCode, stdout: printed[0], stderr: printed[1])
    }
}
