import AppPatterns
import Foundation

/// What ffprobe says of a video file: its length, frame size and whether it has sound.
public enum VideoProbe {
    public enum Failure: Error, Sendable, Equatable, CustomStringConvertible {
        case ffprobeMissing
        case unreadable(path: String, reason: String)

        public var description: String {
            switch self {
            case .ffprobeMissing:
                "ffprobe is not installed. On Debian or Ubuntu: sudo apt-get install ffmpeg (scripts/setup does it)."
            case .unreadable(let path, let reason): "\(path) is not a video that can be edited: \(reason)"
            }
        }
    }

    private struct Answer: Decodable {
        struct Stream: Decodable {
            var codecType: String?
            var width: Int?
            var height: Int?

            enum CodingKeys: String, CodingKey {
                case codecType = "codec_type"
                case width, height
            }
        }
        struct Format: Decodable {
            var duration: String?
        }
        var streams: [Stream]?
        var format: Format?
    }

    /// The file as a source to edit, titled `title` (the file's name by default).
    public static func source(
        _ path: String, title: String? = nil, ffprobe: URL? = Executables.find("ffprobe")
    ) throws(Failure) -> VideoSource {
        guard let ffprobe else { throw .ffprobeMissing }
        guard FileManager.default.isReadableFile(atPath: path) else {
            throw .unreadable(path: path, reason: "no such file, or it cannot be read")
        }
        let process = Process()
        process.executableURL = ffprobe
        process.arguments = [
            "-v", "error", "-show_entries", "format=duration:stream=codec_type,width,height", "-of", "json", path,
        ]
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        do { try process.run() } catch { throw .unreadable(path: path, reason: "ffprobe did not start: \(error)") }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0, let answer = try? JSONDecoder().decode(Answer.self, from: data) else {
            let reason = said.split(separator: "\n").last.map(String.init) ?? "ffprobe could not read it"
            throw .unreadable(path: path, reason: reason)
        }
        let streams = answer.streams ?? []
        guard let video = streams.first(where: { $0.codecType == "video" }), let width = video.width,
            let height = video.height, width > 0, height > 0
        else { throw .unreadable(path: path, reason: "it has no picture") }
        guard let duration = answer.format?.duration.flatMap(Double.init), duration > 0 else {
            throw .unreadable(path: path, reason: "its length is unknown")
        }
        return VideoSource(
            path: path, title: title ?? URL(fileURLWithPath: path).lastPathComponent, duration: duration,
            size: FrameSize(width: width, height: height), hasAudio: streams.contains { $0.codecType == "audio" })
    }
}
