/// What a trailer edit makes: a source clip and every edit applied to it, as one value that the
/// edit commands change and the exporter renders in a single ffmpeg pass.
///
/// Geometry: `rotation` turns the source frame first; `crop` is a rectangle of the turned frame;
/// text positions are in the output frame (after the crop). Times are seconds of the source clip;
/// text times are seconds of the output (after the trim).
public struct Composition: Sendable, Hashable, Codable {
    /// The clip being edited and what was learned of it (ffprobe).
    public var source: VideoSource
    /// The part of the source kept.
    public var trim: TimeRange
    public var rotation: Rotation
    /// The rectangle kept, in the rotated frame; nil keeps the whole frame.
    public var crop: CropRect?
    public var texts: [TextOverlay]
    public var music: MusicTrack?

    /// A composition that keeps the whole clip as it is.
    public init(source: VideoSource) {
        self.source = source
        trim = TimeRange(start: 0, end: source.duration)
        rotation = .none
        crop = nil
        texts = []
        music = nil
    }

    /// The output's length in seconds.
    public var duration: Double { trim.duration }

    /// The frame after the rotation (before the crop).
    public var rotatedSize: FrameSize {
        rotation.swapsSides
            ? FrameSize(width: source.size.height, height: source.size.width) : source.size
    }

    /// The output frame.
    public var outputSize: FrameSize {
        crop.map { FrameSize(width: $0.width, height: $0.height) } ?? rotatedSize
    }
}

/// A clip to edit, with what ffprobe said of it.
public struct VideoSource: Sendable, Hashable, Codable {
    /// A file path.
    public var path: String
    /// A name to show (the movie's title, or the file's name).
    public var title: String
    /// Seconds.
    public var duration: Double
    public var size: FrameSize
    public var hasAudio: Bool

    public init(path: String, title: String, duration: Double, size: FrameSize, hasAudio: Bool) {
        self.path = path
        self.title = title
        self.duration = duration
        self.size = size
        self.hasAudio = hasAudio
    }
}

public struct FrameSize: Sendable, Hashable, Codable, CustomStringConvertible {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    public var description: String { "\(width)x\(height)" }
}

/// Seconds from `start` to `end`.
public struct TimeRange: Sendable, Hashable, Codable, CustomStringConvertible {
    public var start: Double
    public var end: Double

    public init(start: Double, end: Double) {
        self.start = start
        self.end = end
    }

    public var duration: Double { end - start }
    public var description: String { "\(Self.seconds(start))-\(Self.seconds(end))" }

    /// Seconds as people read them: 6, 1.5, 2.25.
    public static func seconds(_ value: Double) -> String {
        let rounded = (value * 100).rounded() / 100
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }
}

/// A clockwise turn by a right angle.
public enum Rotation: Int, Sendable, Hashable, Codable, CaseIterable {
    case none = 0
    case quarter = 90
    case half = 180
    case threeQuarters = 270

    /// Whether width and height trade places.
    public var swapsSides: Bool { self == .quarter || self == .threeQuarters }

    /// This turn followed by `other`.
    public func adding(_ other: Rotation) -> Rotation {
        Rotation(rawValue: (rawValue + other.rawValue) % 360) ?? .none
    }
}

/// A rectangle of the frame, in pixels from the top left corner.
public struct CropRect: Sendable, Hashable, Codable, CustomStringConvertible {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public var description: String { "\(x),\(y),\(width),\(height)" }
}

/// Words burned into the picture for a while.
public struct TextOverlay: Sendable, Hashable, Codable {
    public enum Position: String, Sendable, Hashable, Codable, CaseIterable {
        case top, center, bottom
    }

    public var text: String
    public var position: Position
    /// Pixels.
    public var size: Int
    /// `#RRGGBB`.
    public var colour: String
    /// Seconds of the output.
    public var time: TimeRange

    public init(text: String, position: Position, size: Int, colour: String, time: TimeRange) {
        self.text = text
        self.position = position
        self.size = size
        self.colour = colour
        self.time = time
    }
}

/// A music track under the picture.
public struct MusicTrack: Sendable, Hashable, Codable {
    public enum Mode: String, Sendable, Hashable, Codable, CaseIterable {
        /// Music and the clip's own sound together.
        case mix
        /// Music instead of the clip's sound.
        case replace
    }

    /// A file path.
    public var path: String
    public var name: String
    public var mode: Mode
    /// 0...1.
    public var volume: Double

    public init(path: String, name: String, mode: Mode, volume: Double) {
        self.path = path
        self.name = name
        self.mode = mode
        self.volume = volume
    }
}
