import Foundation

/// Runs the built `finnkino` executable as a person would, and captures what it printed.
struct CommandLineRun {
    var exitCode: Int32
    var stdout: String
    var stderr: String

    /// The `finnkino` binary next to this test bundle in the build folder.
    static var executable: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("finnkino")
    }

    /// Runs `finnkino arguments…` with a fresh data folder unless one is given; stops it after
    /// `timeout` seconds. Waits for the exit without holding a thread of the test pool.
    static func finnkino(
        _ arguments: [String], dataDir: URL? = nil, environment: [String: String] = [:], timeout: TimeInterval = 60
    ) async throws
        -> CommandLineRun
    {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("finnkino-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let out = scratch.appendingPathComponent("stdout")
        let err = scratch.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: out.path, contents: nil)
        _ = FileManager.default.createFile(atPath: err.path, contents: nil)

        let process = Process()
        process.executableURL = executable
        process.arguments = arguments + ["--data-dir", (dataDir ?? scratch.appendingPathComponent("data")).path]
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = try FileHandle(forWritingTo: err)
        process.standardInput = FileHandle.nullDevice
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        let watchdog = Task {
            try await Task.sleep(for: .seconds(timeout))
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
        return CommandLineRun(
            exitCode: exitCode,
            stdout: (try? String(contentsOf: out, encoding: .utf8)) ?? "",
            stderr: (try? String(contentsOf: err, encoding: .utf8)) ?? "")
    }

    /// Every line fits an 80-column terminal.
    var fitsEightyColumns: Bool {
        stdout.split(separator: "\n").allSatisfy { $0.count <= 80 }
    }
}
