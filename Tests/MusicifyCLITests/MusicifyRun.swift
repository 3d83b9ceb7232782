import Foundation
import TestSupport

/// A run of the built `musicify` executable (TestSupport's ``ProgramRun``).
typealias MusicifyRun = ProgramRun

extension ProgramRun {
    /// The `musicify` binary next to this test bundle in the build folder.
    static var executable: URL { executable("musicify") }

    /// Runs `musicify arguments…`, stopped after `timeout`.
    static func run(_ arguments: [String], timeout: Duration = .seconds(60)) async throws -> ProgramRun {
        try await run(executable, arguments, timeout: timeout)
    }
}
