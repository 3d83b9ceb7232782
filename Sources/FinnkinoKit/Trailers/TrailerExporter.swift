import AppPatterns
import ExternalPrograms
import Foundation

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
    /// Every export slot of the server stayed taken until the time limit; ffmpeg never started.
    case busy
    /// The video came out larger than the exporter's limit (bytes); nothing was kept.
    case tooLarge(bytes: Int)

    public var description: String {
        switch self {
        case .ffmpegMissing:
            "ffmpeg is not installed. On Debian or Ubuntu: sudo apt-get install ffmpeg (scripts/setup does it)."
        case .failed(let reason): "ffmpeg failed: \(reason)"
        case .timedOut(let seconds): "the export took longer than \(seconds) s and was stopped"
        case .cancelled: "the export was cancelled"
        case .busy: ExternalProgram.Failure.busy.description
        case .tooLarge(let bytes): "the video would be larger than \(bytes >> 20) MB: make it shorter or smaller"
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
    /// The largest video an export may make: ffmpeg stops writing there (`-fs`), and a video that
    /// reached it is refused, so that one export cannot fill the disk.
    public let maxOutputBytes: Int
    /// 256 MB: a trailer of a few minutes in H.264 is a few tens.
    public static let defaultMaxOutputBytes = 256 << 20

    /// - Parameter ffmpeg: the executable; by default the first `ffmpeg` on `PATH`.
    public init(
        ffmpeg: URL? = Executables.find("ffmpeg"), timeLimit: Duration = .seconds(600),
        maxOutputBytes: Int = TrailerExporter.defaultMaxOutputBytes
    ) {
        self.ffmpeg = ffmpeg
        self.timeLimit = timeLimit
        self.maxOutputBytes = maxOutputBytes
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
        var arguments = FFmpegArguments.arguments(for: composition, textFiles: textFiles, output: partial.path)
        arguments.insert(contentsOf: ["-fs", String(maxOutputBytes)], at: arguments.count - 1)
        try await run(ffmpeg, arguments, duration: composition.duration, progress: progress)
        let size = (try? FileManager.default.attributesOfItem(atPath: partial.path)[.size] as? Int) ?? 0
        guard size < maxOutputBytes else { throw .tooLarge(bytes: maxOutputBytes) }
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

    /// Runs ffmpeg among the server's exports (``MediaPrograms/exports``), killed at the time limit
    /// or when the calling task is cancelled.
    private func run(
        _ ffmpeg: URL, _ arguments: [String], duration: Double, progress: @escaping @Sendable (Double) -> Void
    ) async throws(ExportError) {
        let outcome: ExternalProgram.Outcome
        do {
            outcome = try await ExternalProgram(ffmpeg).run(
                arguments, deadline: timeLimit, limit: MediaPrograms.exports, outputLimit: 16 << 20
            ) { line in
                // -progress writes key=value lines; out_time_us is the position in the output.
                if line.hasPrefix("out_time_us="), let micros = Double(line.dropFirst(12)), duration > 0 {
                    progress(min(1, max(0, micros / 1_000_000 / duration)))
                }
            }
        } catch .timedOut {
            throw .timedOut(seconds: Int(timeLimit.components.seconds))
        } catch .cancelled {
            throw .cancelled
        } catch .busy {
            throw .busy
        } catch {
            throw .failed(String(describing: error))
        }
        guard outcome.succeeded else {
            let said = outcome.errorLines.joined(separator: " / ")
            throw .failed(said.isEmpty ? "exit status \(outcome.exitStatus.map(String.init) ?? "killed")" : said)
        }
    }
}
