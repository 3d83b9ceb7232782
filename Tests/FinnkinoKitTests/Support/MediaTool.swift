import AppPatterns
import ExternalPrograms
import Foundation
import Testing

/// ffmpeg or ffprobe run by a test, through the app's own `ExternalProgram`: awaited without holding
/// a thread of the test pool, and killed past its deadline. (Waiting for them synchronously held both
/// pool threads of a 2-core machine while two clips were encoded; every timed test of the run then
/// waited 20-30 s and failed.)
enum MediaTool {
    struct Failure: Error, CustomStringConvertible { var description: String }

    /// At most two at a time, as on the machines the suite runs on.
    static let limit = ConcurrencyLimit(width: 2)

    /// Runs `name` with `arguments` and returns what it did, whatever its exit status.
    static func run(_ name: String, _ arguments: [String]) async throws -> ExternalProgram.Outcome {
        let url = try #require(Executables.find(name), "\(name) is not installed (scripts/setup installs it)")
        return try await ExternalProgram(url).run(arguments, deadline: .seconds(60), limit: limit)
    }

    /// Runs `name` with `arguments` and returns its standard output; throws unless it succeeded.
    @discardableResult
    static func output(_ name: String, _ arguments: [String]) async throws -> Data {
        let outcome = try await run(name, arguments)
        guard outcome.succeeded else {
            throw Failure(description: "\(name) \(arguments) failed: \(outcome.errorLines.joined(separator: "\n"))")
        }
        return outcome.output
    }
}
