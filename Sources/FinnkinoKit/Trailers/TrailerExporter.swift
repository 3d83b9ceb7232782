import AppPatterns
import Foundation
import Synchronization

/// Why an export did not produce its file. Whatever the reason, nothing is left behind: no
/// partial output, no working files.
public enum ExportError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No ffmpeg to run.
    case ffmpegMissing
    /// ffmpeg ran and failed; its last error lines.
    case failed(String)
    /// It ran longer than the time limit and was stopped.
    case timedOut(seconds: Int)
    /// The export was cancelled.
    case cancelled

    public var description: String {
        switch self {
        case .ffmpegMissing:
            "ffmpeg is not installed. On Debian or Ubuntu: sudo apt-get install ffmpeg (scripts/setup does it)."
        case .failed(let reason): "ffmpeg failed: \(reason)"
        case .timedOut(let seconds): "the export took longer than \(seconds) s and was stopped"
        case .cancelled: "the export was cancelled"
        }
    }
}

/// Renders a composition to an MP4 with ffmpeg, in one pass (``FFmpegArguments``), reporting its
/// progress, within a time limit, cancellable (cancel the calling task).
///
/// The texts go to files in a working folder of its own and the video is written there first; it
/// is moved to `output` only when ffmpeg succeeded, and the folder is removed in every case.
public struct TrailerExporter: Sendable {
    /// The ffmpeg executable; nil when none was found.
    public let ffmpeg: URL?
    public let timeLimit: Duration

    /// - Parameter ffmpeg: the executable; by default the first `ffmpeg` on `PATH`.
    public init(ffmpeg: URL? = Executables.find("ffmpeg"), timeLimit: Duration = .seconds(600)) {
        self.ffmpeg = ffmpeg
        self.timeLimit = timeLimit
    }

    /// Exports `composition` to `output`; `progress` gets the share done, 0...1, as ffmpeg reports it.
    public func export(
        _ composition: Composition, to output: URL, progress: @escaping @Sendable (Double) -> Void = { _ in }
    ) async throws(ExportError) {
        guard let ffmpeg else { throw .ffmpegMissing }
        let work = Self.workFolder()
        defer { try? FileManager.default.removeItem(at: work) }
        let partial = work.appendingPathComponent("export.mp4")
        var textFiles: [String] = []
        do {
            try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
            for (index, overlay) in composition.texts.enumerated() {
                let file = work.appendingPathComponent("text-\(index).txt")
                try Data(overlay.text.utf8).write(to: file)
                textFiles.append(file.path)
            }
        } catch {
            throw .failed("cannot prepare the export: \(error)")
        }
        let arguments = FFmpegArguments.arguments(for: composition, textFiles: textFiles, output: partial.path)
        try await run(ffmpeg, arguments, duration: composition.duration, progress: progress)
        do {
            try? FileManager.default.removeItem(at: output)
            try FileManager.default.moveItem(at: partial, to: output)
        } catch {
            throw .failed("cannot save \(output.path): \(error)")
        }
        progress(1)
    }

    /// A fresh folder under the temporary directory whose path has only plain characters (it is
    /// named inside ffmpeg's filter graph).
    private static func workFolder() -> URL {
        var base = FileManager.default.temporaryDirectory.path
        if !base.utf8.allSatisfy({
            $0 < 0x80
                && ($0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "-")
                    || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: ".") || (0x30...0x39).contains($0)
                    || (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0))
        }) {
            base = "/tmp"
        }
        return URL(fileURLWithPath: base).appendingPathComponent("finnkino-export-\(UUID().uuidString)")
    }

    private final class Run: Sendable {
        let errors = Mutex<[String]>([])
        let stop = Mutex<ExportError?>(nil)
        /// Stops ffmpeg at the time limit; cancelled when ffmpeg ends first.
        let timer = Mutex<Task<Void, Never>?>(nil)
    }

    private func run(
        _ ffmpeg: URL, _ arguments: [String], duration: Double, progress: @escaping @Sendable (Double) -> Void
    ) async throws(ExportError) {
        let process = Process()
        process.executableURL = ffmpeg
        process.arguments = arguments
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        let state = Run()
        let exited: Int32
        do {
            exited = try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Int32, any Error>) in
                    process.terminationHandler = { continuation.resume(returning: $0.terminationStatus) }
                    // Cancelled before it started: ffmpeg is not started at all.
                    if state.stop.withLock({ $0 }) != nil {
                        process.terminationHandler = nil
                        continuation.resume(returning: -1)
                        return
                    }
                    do {
                        try process.run()
                    } catch {
                        process.terminationHandler = nil
                        continuation.resume(throwing: error)
                        return
                    }
                    Self.readLines(output.fileHandleForReading) { line in
                        // -progress writes key=value lines; out_time_us is the position in the output.
                        if line.hasPrefix("out_time_us="), let micros = Double(line.dropFirst(12)), duration > 0 {
                            progress(min(1, max(0, micros / 1_000_000 / duration)))
                        }
                    }
                    Self.readLines(errors.fileHandleForReading) { line in
                        state.errors.withLock { lines in
                            lines.append(line)
                            if lines.count > 8 { lines.removeFirst() }
                        }
                    }
                    let limit = timeLimit
                    let timer = Task.detached {
                        guard (try? await Task.sleep(for: limit)) != nil, process.isRunning else { return }
                        state.stop.withLock { $0 = $0 ?? .timedOut(seconds: Int(limit.components.seconds)) }
                        process.terminate()
                    }
                    state.timer.withLock { $0 = timer }
                }
            } onCancel: {
                state.stop.withLock { $0 = $0 ?? .cancelled }
                if process.isRunning { process.terminate() }
            }
        } catch {
            throw .failed("cannot start \(ffmpeg.path): \(error)")
        }
        state.timer.withLock { $0?.cancel() }
        if let stopped = state.stop.withLock({ $0 }) { throw stopped }
        guard exited == 0 else {
            let said = state.errors.withLock { $0.joined(separator: " / ") }
            throw .failed(said.isEmpty ? "exit status \(exited)" : said)
        }
    }

    /// Calls `body` with each line read from `handle` until it ends, on a thread of its own (the
    /// reads block).
    private static func readLines(_ handle: FileHandle, _ body: @escaping @Sendable (String) -> Void) {
        Thread {
            var pending = ""
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty { break }
                pending += String(decoding: chunk, as: UTF8.self)
                while let newline = pending.firstIndex(of: "\n") {
                    body(String(pending[..<newline]))
                    pending = String(pending[pending.index(after: newline)...])
                }
            }
            if !pending.isEmpty { body(pending) }
        }.start()
    }
}
