import ArgumentParser
import FinnkinoKit
import Foundation

/// `finnkino-bench decode`: decoding a large Schedule with FinnkinoKit, XMLCoder, SWXMLHash and
/// a raw libxml2 pass, in one run; then each one's peak memory in a child process.
struct DecodeBenchmark: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "decode", abstract: "Decode a generated Schedule document with each decoder.")

    @Option(help: "The Schedule sample whose shows are copied.")
    var fixture = LargeScheduleDocument.defaultFixture

    @Option(help: "Document size in megabytes (10^6 bytes).")
    var sizeMB = 10.0

    @Option(help: "Timed runs per decoder (after one warm-up run); median and minimum are reported.")
    var iterations = 9

    @Option(help: "Child mode: build the document, run one decoder once (or none: baseline), exit.")
    var only: String?

    @Flag(help: "Skip the peak-memory children.")
    var noMemory = false

    @Option(
        parsing: .upToNextOption,
        help: "The decoders compared (ours, one-parser, xmlcoder, swxmlhash, raw), in this order. Default: all.")
    var decoders: [ScheduleDecoderUnderTest] = ScheduleDecoderUnderTest.allCases

    @Flag(
        help:
            "Fail when ours with one parser takes more than 2x the raw libxml2 pass (issue 41, item 6): rounds in turns, median ratio."
    )
    var check = false

    /// `--check`'s bound: the decode at most this many times the bare libxml2 parse.
    static let floorRatioTarget = 2.0

    func run() throws {
        if let only {
            let (data, _) = try LargeScheduleDocument.make(fixture: fixture, targetBytes: Int(sizeMB * 1_000_000))
            try runChild(only, data)
            return
        }
        // Memory first, while this process is still small: Linux carries the parent's peak RSS
        // into a spawned child's ru_maxrss, so a parent that already decoded would mask it.
        let memory = noMemory ? nil : try measureMemory()
        let (data, showCount) = try LargeScheduleDocument.make(fixture: fixture, targetBytes: Int(sizeMB * 1_000_000))
        let megabytes = Double(data.count) / 1_000_000
        print(
            "Document: \(data.count) bytes (\(String(format: "%.2f", megabytes)) MB), \(showCount) shows; \(iterations) runs each after a warm-up\n"
        )

        var medians: [ScheduleDecoderUnderTest: Double] = [:]
        var reference: Schedule?
        print(pad("decoder", 36) + pad("median ms", 11) + pad("min ms", 9) + pad("MB/s", 8) + "equal to ours")
        for decoder in decoders {
            let warmUp = try decoder.run(data)
            guard decoder == .raw || warmUp.count == showCount else {
                throw ValidationError("\(decoder.rawValue) decoded \(warmUp.count) shows, expected \(showCount)")
            }
            var same = "-"
            if decoder == .ours { reference = warmUp.schedule }
            if decoder != .ours, decoder != .raw, let reference { same = warmUp.schedule == reference ? "yes" : "NO" }
            var times: [Double] = []
            for _ in 0..<iterations { times.append(try Self.time(decoder, data)) }
            times.sort()
            let median = times[times.count / 2]
            medians[decoder] = median
            print(
                pad(decoder.title, 36) + pad(String(format: "%.1f", median * 1_000), 11)
                    + pad(String(format: "%.1f", (times.first ?? 0) * 1_000), 9)
                    + pad(String(format: "%.0f", megabytes / median), 8) + same)
        }
        if let ours = medians[.ours], let coder = medians[.xmlcoder], let hash = medians[.swxmlhash] {
            let faster = min(coder, hash)
            print(
                String(
                    format: "\nOurs vs the faster library (%@): %.1fx; vs the raw libxml2 floor: %.2fx the time",
                    coder < hash ? "XMLCoder" : "SWXMLHash", faster / ours, ours / (medians[.raw] ?? ours)))
        } else if let ours = medians[.ours], let raw = medians[.raw] {
            print(String(format: "\nOurs vs the raw libxml2 floor: %.2fx the time", ours / raw))
        }
        if let one = medians[.oneParser], let raw = medians[.raw] {
            print(String(format: "Ours with one parser vs the raw libxml2 floor: %.2fx the time", one / raw))
        }
        if let memory { reportMemory(memory, documentBytes: data.count) }
        if check { try checkAgainstFloor(data) }
    }

    /// Seconds `decoder` takes on `data`.
    private static func time(_ decoder: ScheduleDecoderUnderTest, _ data: Data) throws -> Double {
        let clock = ContinuousClock()
        let start = clock.now
        let result = try decoder.run(data)
        let elapsed = clock.now - start
        withExtendedLifetime(result) {}
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }

    /// `--check`: ours with one parser (on one core, as the raw pass: the like-for-like figure;
    /// the halves at once are faster) and the raw libxml2 pass in turns, the first of the two
    /// swapped every round, so that a slow spell of the shared machine falls on both; the median
    /// of the rounds' ratios counts. A miss is measured again, up to twice, and the best median counts
    /// (each attempt is printed), as `images --check` does.
    private func checkAgainstFloor(_ data: Data) throws {
        var best = Double.infinity
        let rounds = max(iterations, 9) | 1
        for attempt in 1...3 {
            var ratios: [Double] = []
            for round in 0..<rounds {
                let oursFirst = round.isMultiple(of: 2)
                let first = try Self.time(oursFirst ? .oneParser : .raw, data)
                let second = try Self.time(oursFirst ? .raw : .oneParser, data)
                ratios.append(oursFirst ? first / second : second / first)
            }
            ratios.sort()
            let median = ratios[ratios.count / 2]
            print(
                String(
                    format:
                        "\nCheck, attempt %d: ours with one parser / raw libxml2, median of %d rounds in turns: %.2fx "
                        + "(range %.2f-%.2f)", attempt, rounds, median, ratios[0], ratios[rounds - 1]))
            best = min(best, median)
            if best <= Self.floorRatioTarget { break }
        }
        guard best <= Self.floorRatioTarget else {
            throw ValidationError(
                String(
                    format: "over target: ours with one parser takes %.2fx the raw libxml2 pass (at most %.1fx wanted)",
                    best,
                    Self.floorRatioTarget))
        }
        print(
            String(
                format: "Check passed: ours with one parser at most %.1fx the raw libxml2 pass.", Self.floorRatioTarget)
        )
    }

    private func runChild(_ name: String, _ data: Data) throws {
        if name == "baseline" {
            withExtendedLifetime(data) {}
            return
        }
        guard let decoder = ScheduleDecoderUnderTest(rawValue: name) else {
            throw ValidationError("--only takes ours, xmlcoder, swxmlhash, raw or baseline")
        }
        let result = try decoder.run(data)
        withExtendedLifetime((data, result)) {}
    }

    private struct MemoryFigures {
        var baseline: Int
        var peaks: [(ScheduleDecoderUnderTest, Int)]
    }

    private func measureMemory() throws -> MemoryFigures {
        let common = ["decode", "--fixture", fixture, "--size-mb", String(sizeMB), "--only"]
        let baseline = try ChildProcessPeakMemory.measure(arguments: common + ["baseline"])
        let peaks = try decoders.map { decoder in
            (decoder, try ChildProcessPeakMemory.measure(arguments: common + [decoder.rawValue]))
        }
        return MemoryFigures(baseline: baseline, peaks: peaks)
    }

    private func reportMemory(_ figures: MemoryFigures, documentBytes: Int) {
        print(
            String(
                format:
                    "\nPeak memory (child ru_maxrss minus a baseline child that only builds the document, %.1f MB):",
                Double(figures.baseline) / 1_000_000))
        for (decoder, peak) in figures.peaks {
            let extra = peak - figures.baseline
            print(
                pad(decoder.title, 36) + pad(String(format: "%.1f MB", Double(extra) / 1_000_000), 12)
                    + String(format: "%.2fx the document", Double(extra) / Double(documentBytes)))
        }
    }

    private func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
    }
}
