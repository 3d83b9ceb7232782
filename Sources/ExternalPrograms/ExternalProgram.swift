import AppPatterns
import Foundation
import Subprocess
import Synchronization

#if canImport(System)
    import System
#else
    import SystemPackage
#endif

/// A command-line program (ffmpeg, ffprobe) run the way a server may run one: from an argument
/// array, never a shell; awaited without holding a thread of the concurrency pool (swift-subprocess
/// watches it); at most `limit.width` of them at a time; and within a hard deadline, counted from
/// the call (waiting for a slot included), after which, or when the calling task is cancelled, it
/// is killed with SIGKILL (ffprobe ignores SIGTERM). Its standard output is kept up to a size; of
/// its standard error, the last lines.
public struct ExternalProgram: Sendable {
    /// How a run ended that did not end by itself.
    public enum Failure: Error, Sendable, Equatable, CustomStringConvertible {
        /// It could not be started.
        case cannotStart(String)
        /// It ran past its deadline and was killed.
        case timedOut(seconds: Double)
        /// No slot was free before the deadline: it never started.
        case busy
        /// The calling task was cancelled; it was killed, or never started.
        case cancelled
        /// It wrote more than the output limit, and was killed.
        case outputTooLarge(bytes: Int)

        public var description: String {
            switch self {
            case .cannotStart(let reason): "it could not be started: \(reason)"
            case .timedOut(let seconds): "it took longer than \(Self.format(seconds)) s and was stopped"
            case .busy: "the server is busy with other videos; try again in a moment"
            case .cancelled: "it was cancelled"
            case .outputTooLarge(let bytes): "it wrote more than \(bytes) bytes and was stopped"
            }
        }

        private static func format(_ seconds: Double) -> String {
            seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
        }
    }

    /// What the program did.
    public struct Outcome: Sendable, Equatable {
        /// Its exit status; nil when a signal ended it.
        public var exitStatus: Int32?
        /// Its standard output.
        public var output: Data
        /// The last lines of its standard error (at most ``ExternalProgram/errorLinesKept``).
        public var errorLines: [String]

        public var succeeded: Bool { exitStatus == 0 }
    }

    /// How many of the last lines of standard error are kept.
    public static let errorLinesKept = 8
    /// How much of the end of standard error is read into those lines.
    static let errorBytesKept = 4096

    /// The program.
    public let executable: URL

    public init(_ executable: URL) {
        self.executable = executable
    }

    /// Runs the program with `arguments`.
    ///
    /// - Parameters:
    ///   - deadline: the longest the call may take, waiting for a slot included.
    ///   - limit: the programs that may run at once; the call waits for a slot.
    ///   - outputLimit: the most standard output kept; past it the program is killed.
    ///   - outputLine: called with each line of standard output as it comes (for progress).
    public func run(
        _ arguments: [String], deadline: Duration, limit: ConcurrencyLimit, outputLimit: Int = 1 << 20,
        outputLine: (@Sendable (String) -> Void)? = nil
    ) async throws(Failure) -> Outcome {
        let started = Flag()
        let deadlinePassed = Flag()
        let outcome: Result<Outcome, Failure>? = await withTaskGroup(of: Result<Outcome, Failure>?.self) { group in
            group.addTask {
                do {
                    return .success(
                        try await limit.withSlot {
                            started.set()
                            return try await execute(arguments, outputLimit: outputLimit, outputLine: outputLine)
                        })
                } catch let failure as Failure {
                    return .failure(failure)
                } catch {
                    return Task.isCancelled ? nil : .failure(.cannotStart(String(describing: error)))
                }
            }
            group.addTask {
                // Returns when the deadline passes, or at once when the caller is cancelled.
                if (try? await Task.sleep(for: deadline)) != nil { deadlinePassed.set() }
                return nil
            }
            // Whichever ends first, the other is stopped (the program killed, the timer cancelled)
            // and waited for.
            let first = await group.next() ?? nil
            group.cancelAll()
            var result = first
            while let other = await group.next() { result = result ?? other }
            return result
        }
        if Task.isCancelled { throw .cancelled }
        if deadlinePassed.value { throw started.value ? .timedOut(seconds: Self.seconds(deadline)) : .busy }
        guard let outcome else { throw .cancelled }
        return try outcome.get()
    }

    private static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    private func execute(
        _ arguments: [String], outputLimit: Int, outputLine: (@Sendable (String) -> Void)?
    ) async throws -> Outcome {
        var options = PlatformOptions()
        options.teardownSequence = []  // straight to SIGKILL
        let result = try await Subprocess.run(
            .path(FilePath(executable.path)), arguments: Arguments(arguments),
            platformOptions: options, input: .none, output: .sequence, error: .sequence
        ) { execution in
            try await withThrowingTaskGroup(of: (Data?, [String]?).self) { group in
                group.addTask {
                    var kept = Data()
                    var pending = Data()
                    for try await buffer in execution.standardOutput {
                        let chunk = buffer.withUnsafeBytes { Data($0) }
                        guard kept.count + chunk.count <= outputLimit else {
                            throw Failure.outputTooLarge(bytes: outputLimit)
                        }
                        kept.append(chunk)
                        if let outputLine {
                            pending.append(chunk)
                            while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                                outputLine(String(decoding: pending[pending.startIndex..<newline], as: UTF8.self))
                                pending = Data(pending[pending.index(after: newline)...])
                            }
                        }
                    }
                    if let outputLine, !pending.isEmpty { outputLine(String(decoding: pending, as: UTF8.self)) }
                    return (kept, nil)
                }
                group.addTask {
                    // Only the tail is kept, however much it writes.
                    var tail = Data()
                    for try await buffer in execution.standardError {
                        tail.append(buffer.withUnsafeBytes { Data($0) })
                        if tail.count > Self.errorBytesKept { tail = Data(tail.suffix(Self.errorBytesKept)) }
                    }
                    let lines = String(decoding: tail, as: UTF8.self).split(whereSeparator: \.isNewline)
                    return (nil, lines.suffix(Self.errorLinesKept).map(String.init))
                }
                var output = Data()
                var errorLines: [String] = []
                for try await (kept, lines) in group {
                    if let kept { output = kept }
                    if let lines { errorLines = lines }
                }
                return (output, errorLines)
            }
        }
        let (output, errorLines) = result.closureResult
        let exitStatus: Int32? =
            switch result.terminationStatus {
            case .exited(let code): code
            default: nil
            }
        return Outcome(exitStatus: exitStatus, output: output, errorLines: errorLines)
    }

    /// A fact set once from another task: the program started, the deadline passed.
    private final class Flag: Sendable {
        private let flag = Atomic(false)
        func set() { flag.store(true, ordering: .relaxed) }
        var value: Bool { flag.load(ordering: .relaxed) }
    }
}
