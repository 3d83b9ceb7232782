import Foundation
import MusicifyKit
import MusicifyWorkloads

/// `musicify-bench ARCHITECTURE WORKLOAD COUNT`: COUNT cycles of one architecture's latest-songs
/// screen, to run under `valgrind --tool=callgrind` for N and for N+K cycles; the difference over
/// K is what one cycle costs, startup cancelled (`Benchmarks/musicify.sh` does this).
///
/// A cycle of `one-load` or `10k-list` is a new screen loading the chart and its canvas rendered;
/// a cycle of `repeated-loads` is one more `viewDidLoad` of a single screen (rendered once at the
/// end). Before the cycles, every run reads or generates its chart and loads the 20-song chart
/// once on a screen of the same architecture, so that what happens only the first time (symbols
/// bound, type metadata made) is not in the difference even when N is 0.
///
/// The main actor's jobs are run by `RunLoop.main` rather than an `async` main: valgrind 3.19
/// crashes when libdispatch's `dispatch_main` parks the main thread.
@main
struct MusicifyBench {
    static let usage = """
        usage: musicify-bench ARCHITECTURE WORKLOAD COUNT
          ARCHITECTURE  \(Architecture.allCases.map(\.rawValue).joined(separator: ", "))
          WORKLOAD      \(MusicifyWorkload.allCases.map(\.rawValue).joined(separator: ", "))
          COUNT         cycles to run (0 or more)
        """

    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        guard arguments.count == 3, let architecture = Architecture(rawValue: arguments[0]),
            let workload = MusicifyWorkload(rawValue: arguments[1]), let count = Int(arguments[2]), count >= 0
        else {
            FileHandle.standardError.write(Data((usage + "\n").utf8))
            exit(2)
        }
        Task { @MainActor in
            do {
                let kept = try await run(architecture, workload, count)
                print("\(architecture.rawValue) \(workload.rawValue) \(count) cycles: \(kept)")
                exit(0)
            } catch {
                FileHandle.standardError.write(Data("musicify-bench: \(error)\n".utf8))
                exit(1)
            }
        }
        while RunLoop.main.run(mode: .default, before: .distantFuture) {}
        exit(3)
    }

    @MainActor
    private static func run(_ architecture: Architecture, _ workload: MusicifyWorkload, _ count: Int)
        async throws -> Int
    {
        _ = try await LoadCycle(architecture: architecture, workload: .oneLoad).run()
        let cycle = try LoadCycle(architecture: architecture, workload: workload)
        switch workload {
        case .oneLoad, .largeList:
            var kept = 0
            for _ in 0..<count {
                kept &+= try await cycle.run()
            }
            return kept
        case .repeatedLoads:
            return try await cycle.repeatedLoads(count)
        }
    }
}
