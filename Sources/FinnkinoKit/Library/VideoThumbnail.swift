import AppPatterns
import ExternalPrograms
import Foundation

/// One frame of a video as a small JPEG, with ffmpeg.
public enum VideoThumbnail {
    /// Writes the frame at `seconds` of `video`, `width` pixels wide, to `output`.
    public static func write(
        from video: URL, at seconds: Double, width: Int = 320, to output: URL,
        ffmpeg: URL? = Executables.find("ffmpeg")
    ) async throws(ExportError) {
        guard let ffmpeg else { throw .ffmpegMissing }
        let outcome: ExternalProgram.Outcome
        do {
            outcome = try await ExternalProgram(ffmpeg).run(
                ["-hide_banner", "-nostdin", "-loglevel", "error", "-y", "-ss", FFmpegArguments.seconds(seconds)]
                    + MediaPrograms.input(video.path)
                    + ["-frames:v", "1", "-vf", "scale=\(width):-2", "-q:v", "4", output.path],
                deadline: MediaPrograms.probeDeadline, limit: MediaPrograms.probes)
        } catch {
            try? FileManager.default.removeItem(at: output)
            throw .failed("the thumbnail: \(error)")
        }
        guard outcome.succeeded, FileManager.default.fileExists(atPath: output.path) else {
            try? FileManager.default.removeItem(at: output)
            throw .failed(outcome.errorLines.last ?? "no frame at \(seconds) s")
        }
    }
}
