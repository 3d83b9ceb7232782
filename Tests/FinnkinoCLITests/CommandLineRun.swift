import Foundation
import TestSupport

/// A run of the built `finnkino` executable (TestSupport's ``ProgramRun``).
typealias CommandLineRun = ProgramRun

extension ProgramRun {
    /// The `finnkino` binary next to this test bundle in the build folder.
    static var executable: URL { executable("finnkino") }

    /// Runs `finnkino arguments…` with a fresh data folder unless one is given; stops it after
    /// `timeout` seconds.
    static func finnkino(
        _ arguments: [String], dataDir: URL? = nil, environment: [String: String] = [:], timeout: TimeInterval = 60
    ) async throws -> ProgramRun {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("finnkino-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        return try await run(
            executable, arguments + ["--data-dir", (dataDir ?? scratch.appendingPathComponent("data")).path],
            environment: environment, timeout: .milliseconds(Int(timeout * 1000)))
    }

    /// Every line fits an 80-column terminal.
    var fitsEightyColumns: Bool {
        stdout.split(separator: "\n").allSatisfy { $0.count <= 80 }
    }
}
