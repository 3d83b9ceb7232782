import AppPatterns
import ExternalPrograms
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
            var formatName: String?

            enum CodingKeys: String, CodingKey {
                case duration
                case formatName = "format_name"
            }
        }
        var streams: [Stream]?
        var format: Format?
    }

    /// The file as a source to edit, titled `title` (the file's name by default): opened only as a
    /// local video file (``MediaPrograms``), within ``MediaPrograms/probeDeadline``.
    public static func source(
        _ path: String, title: String? = nil, ffprobe: URL? = Executables.find("ffprobe"),
        deadline: Duration = MediaPrograms.probeDeadline
    ) async throws(Failure) -> VideoSource {
        guard let ffprobe else { throw .ffprobeMissing }
        guard FileManager.default.isReadableFile(atPath: path) else {
            throw .unreadable(path: path, reason: "no such file, or it cannot be read")
        }
        let outcome: ExternalProgram.Outcome
        do {
            outcome = try await ExternalProgram(ffprobe).run(
                [
                    "-v", "error", "-show_entries", "format=duration,format_name:stream=codec_type,width,height", "-of",
                    "json",
                ]
                    + MediaPrograms.input(path),
                deadline: deadline, limit: MediaPrograms.probes, outputLimit: 64 << 10)
        } catch {
            throw .unreadable(path: path, reason: "ffprobe: \(error)")
        }
        guard outcome.succeeded, let answer = try? JSONDecoder().decode(Answer.self, from: outcome.output) else {
            let reason =
                outcome.errorLines.contains { $0.contains("not on whitelist") }
                ? "it is not a video file (MP4, MOV, WebM, MKV, AVI or MPEG-TS)"
                : "ffprobe could not read it"
            throw .unreadable(path: path, reason: reason)
        }
        let formats = Set((answer.format?.formatName ?? "").split(separator: ",").map(String.init))
        guard !formats.isEmpty, formats.isSubset(of: MediaPrograms.videoFormats) else {
            throw .unreadable(path: path, reason: "it is not a video file (MP4, MOV, WebM, MKV, AVI or MPEG-TS)")
        }
        let streams = answer.streams ?? []
        guard let video = streams.first(where: { $0.codecType == "video" }), let width = video.width,
            let height = video.height, width > 0, height > 0
        else { throw .unreadable(path: path, reason: "it has no picture") }
        guard let duration = answer.format?.duration.flatMap(Double.init), duration > 0, duration.isFinite else {
            throw .unreadable(path: path, reason: "its length is unknown")
        }
        return VideoSource(
            path: path, title: title ?? URL(fileURLWithPath: path).lastPathComponent, duration: duration,
            size: FrameSize(width: width, height: height), hasAudio: streams.contains { $0.codecType == "audio" })
    }
}
