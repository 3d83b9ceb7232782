import AppPatterns
import Foundation

/// How the server runs ffprobe and ffmpeg on files that may come from anyone: what they may open,
/// how many run at once and for how long.
///
/// A file is opened only as a local file (`-protocol_whitelist file`, named `file:<path>`) and
/// only by the demuxers of ordinary video and audio files (`-format_whitelist`): a playlist (HLS,
/// `concat`, DASH) would have ffmpeg read other files of the server or the network, or wait for
/// ever on a live one; `tty` and the like are no videos. ffprobe's answer is checked again, so a
/// format that slipped through is refused in words.
public enum MediaPrograms {
    /// The containers a video to edit may be in: MP4 / QuickTime / 3GP, Matroska / WebM, AVI,
    /// MPEG transport streams. ffprobe names the first family `mov,mp4,m4a,3gp,3g2,mj2`.
    public static let videoFormats = ["mov", "mp4", "m4a", "3gp", "3g2", "mj2", "matroska", "webm", "avi", "mpegts"]
    /// The containers music may be in: the video ones and plain audio files.
    public static let audioFormats = videoFormats + ["mp3", "aac", "wav", "ogg", "flac"]

    /// ffprobe runs at once at most (one a core); more wait, within their deadline.
    public static let probes = ConcurrencyLimit(width: max(1, ProcessInfo.processInfo.activeProcessorCount))
    /// ffmpeg exports at once at most (one a core), server-wide.
    public static let exports = ConcurrencyLimit(width: max(1, ProcessInfo.processInfo.activeProcessorCount))
    /// The longest a probe or a thumbnail may take, waiting for a slot included: a real video takes
    /// well under a second.
    public static let probeDeadline: Duration = .seconds(15)

    /// The input options and name that open `path` as a local file of one of `formats`.
    public static func input(_ path: String, formats: [String] = videoFormats) -> [String] {
        [
            "-protocol_whitelist", "file", "-format_whitelist", formats.joined(separator: ","),
            "-i", "file:" + path,
        ]
    }
}
