import Benchmark
import MusicifyKit
import MusicifyWorkloads

/// Per architecture, named `WORKLOAD/ARCHITECTURE` (`one-load/mvc`): one load cycle of the
/// 20-song chart, 1,000 loads of one screen, and one load cycle of a 10,000-song chart. Each chart
/// is read or generated in the setup, which is not measured. `Benchmarks/musicify.sh` runs them.
let benchmarks: @Sendable () -> Void = {
    let metrics: [BenchmarkMetric] = [.wallClock, .throughput, .mallocCountTotal, .peakMemoryResident]
    for architecture in Architecture.allCases {
        Benchmark(
            "\(MusicifyWorkload.oneLoad.rawValue)/\(architecture.rawValue)",
            configuration: .init(
                metrics: metrics, timeUnits: .microseconds, warmupIterations: 20, maxDuration: .seconds(1),
                maxIterations: 10_000)
        ) { benchmark, cycle in
            await measure(benchmark) { try await cycle.run() }
        } setup: {
            try await loadCycle(architecture, .oneLoad)
        }

        Benchmark(
            "\(MusicifyWorkload.repeatedLoads.rawValue)/\(architecture.rawValue)",
            configuration: .init(
                metrics: metrics, timeUnits: .milliseconds, warmupIterations: 1, maxDuration: .seconds(2),
                maxIterations: 10)
        ) { benchmark, cycle in
            await measure(benchmark) { try await cycle.repeatedLoads(1_000) }
        } setup: {
            try await loadCycle(architecture, .repeatedLoads)
        }

        Benchmark(
            "\(MusicifyWorkload.largeList.rawValue)/\(architecture.rawValue)",
            configuration: .init(
                metrics: metrics, timeUnits: .milliseconds, warmupIterations: 1, maxDuration: .seconds(3),
                maxIterations: 10)
        ) { benchmark, cycle in
            await measure(benchmark) { try await cycle.run() }
        } setup: {
            try await loadCycle(architecture, .largeList)
        }
    }
}

/// The cycle of `workload` for `architecture`, its chart read or generated.
private func loadCycle(_ architecture: Architecture, _ workload: MusicifyWorkload) async throws -> LoadCycle {
    try await LoadCycle(architecture: architecture, workload: workload)
}

/// Runs `work`, keeping its result; a screen that did not show the chart fails the benchmark.
private func measure(_ benchmark: Benchmark, _ work: () async throws -> Int) async {
    do {
        blackHole(try await work())
    } catch {
        benchmark.error("\(error)")
    }
}
