import AppPatterns
import Foundation

/// One frame of a video as a small JPEG, with ffmpeg.
public enum VideoThumbnail {
    /// Writes the frame at `seconds` of `video`, `width` pixels wide, to `output`.
    public static func write(
        from video: URL, at seconds: Double, width: Int = 320, to output: URL,
        ffmpeg: URL? = Executables.find("ffmpeg")
    ) throws(ExportError) {
        guard let ffmpeg else { throw .ffmpegMissing }
        let process = Process()
        process.executableURL = ffmpeg
        process.arguments = [
            "-hide_banner", "-nostdin", "-loglevel", "error", "-y", "-ss", FFmpegArguments.seconds(seconds),
            "-i", video.path, "-frames:v", "1", "-vf", "scale=\(width):-2", "-q:v", "4", output.path,
        ]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        do { try process.run() } catch { throw .failed("cannot start \(ffmpeg.path): \(error)") }
        let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0, FileManager.default.fileExists(atPath: output.path) else {
            try? FileManager.default.removeItem(at: output)
            throw .failed(said.split(separator: "\n").last.map(String.init) ?? "no frame at \(seconds) s")
        }
    }
}
