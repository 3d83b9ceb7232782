import Foundation

/// One run of a program built with the tests (`finnkino`, `musicify`), started as a person would
/// start it: its exit status and what it printed on each stream. The one process runner of the tests.
public struct ProgramRun: Equatable, Sendable {
    public var exitCode: Int32
    public var stdout: String
    public var stderr: String

    /// The executable `name` next to the test bundle in the build folder.
    public static func executable(_ name: String) -> URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent(name)
    }

    /// Runs `executable arguments…` (with `environment` added to this process's), stopped after
    /// `timeout`. Its output goes to files (no pipe to fill up) and the exit is awaited without
    /// holding a thread of the test pool.
    public static func run(
        _ executable: URL, _ arguments: [String], environment: [String: String] = [:], timeout: Duration = .seconds(60)
    ) async throws -> ProgramRun {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("program-run-\(UUID().uuidString)")
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
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
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
        return ProgramRun(exitCode: exitCode, stdout: printed[0], stderr: printed[1])
    }
}
