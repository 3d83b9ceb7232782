import AppPatterns
import Foundation

/// Why an edit was refused; the composition is left as it was.
public struct EditError: Error, Sendable, Hashable, CustomStringConvertible {
    public var description: String

    public init(_ description: String) { self.description = description }
}

/// Keeps a part of the clip. Texts are in output time: those that would start after the new end
/// are dropped and the others shortened to fit; undo brings them back as they were.
public struct Trim: Command, Codable, Hashable {
    public let range: TimeRange
    private let previous: TimeRange
    private let previousTexts: [TextOverlay]

    /// The shortest clip a trim may leave, in seconds.
    public static let shortest = 0.5

    public init(_ range: TimeRange, of composition: Composition) throws(EditError) {
        let length = composition.source.duration
        guard range.start >= 0, range.end <= length + 0.001, range.start < range.end else {
            throw EditError("A trim must lie within the clip's 0-\(TimeRange.seconds(length)) s, start before its end.")
        }
        guard range.duration >= Self.shortest else {
            throw EditError("A trim must keep at least \(TimeRange.seconds(Self.shortest)) s.")
        }
        self.range = TimeRange(start: range.start, end: min(range.end, length))
        previous = composition.trim
        previousTexts = composition.texts
    }

    public func execute(on composition: inout Composition) throws {
        composition.trim = range
        composition.texts = previousTexts.compactMap { overlay in
            guard overlay.time.start < range.duration else { return nil }
            var fitted = overlay
            fitted.time.end = min(overlay.time.end, range.duration)
            return fitted
        }
    }

    public func undo(on composition: inout Composition) throws {
        composition.trim = previous
        composition.texts = previousTexts
    }
}

/// Turns the picture clockwise by a right angle; a crop turns with it, so it keeps the same part
/// of the picture.
public struct Rotate: Command, Codable, Hashable {
    public let rotation: Rotation

    public init(_ rotation: Rotation, of composition: Composition) throws(EditError) {
        guard rotation != .none else { throw EditError("A rotation is 90, 180 or 270 degrees.") }
        self.rotation = rotation
    }

    public func execute(on composition: inout Composition) throws { Self.turn(&composition, by: rotation) }

    public func undo(on composition: inout Composition) throws {
        Self.turn(&composition, by: Rotation(rawValue: (360 - rotation.rawValue) % 360) ?? .none)
    }

    /// Turns the composition and its crop rectangle a quarter at a time.
    private static func turn(_ composition: inout Composition, by rotation: Rotation) {
        for _ in 0..<(rotation.rawValue / 90) {
            let frame = composition.rotatedSize
            if let crop = composition.crop {
                // A quarter turn clockwise: the left edge becomes the top one.
                composition.crop = CropRect(
                    x: frame.height - crop.y - crop.height, y: crop.x, width: crop.height, height: crop.width)
            }
            composition.rotation = composition.rotation.adding(.quarter)
        }
    }
}

/// Keeps a rectangle of the (rotated) frame. Sides are even and at least 16 pixels (H.264 with
/// 4:2:0 colour needs even sides), the corner even too, and the rectangle inside the frame.
public struct Crop: Command, Codable, Hashable {
    public let rect: CropRect
    private let previous: CropRect?

    public static let smallestSide = 16

    public init(_ rect: CropRect, of composition: Composition) throws(EditError) {
        let frame = composition.rotatedSize
        guard rect.x >= 0, rect.y >= 0, rect.x + rect.width <= frame.width, rect.y + rect.height <= frame.height
        else { throw EditError("The crop \(rect) must lie inside the \(frame) frame.") }
        guard rect.width >= Self.smallestSide, rect.height >= Self.smallestSide else {
            throw EditError("A crop is at least \(Self.smallestSide)x\(Self.smallestSide) pixels.")
        }
        guard rect.width % 2 == 0, rect.height % 2 == 0, rect.x % 2 == 0, rect.y % 2 == 0 else {
            throw EditError("A crop's position and sides are even numbers of pixels.")
        }
        self.rect = rect
        previous = composition.crop
    }

    public func execute(on composition: inout Composition) throws { composition.crop = rect }
    public func undo(on composition: inout Composition) throws { composition.crop = previous }
}

/// Burns words into the picture for a while.
public struct AddText: Command, Codable, Hashable {
    public let overlay: TextOverlay

    public static let longest = 80
    public static let sizes = 8...160
    /// Texts one composition holds at most: each is a drawtext filter in the export, so an
    /// unbounded number would make one export as slow as anyone wished.
    public static let mostPerComposition = 12

    public init(_ overlay: TextOverlay, of composition: Composition) throws(EditError) {
        guard composition.texts.count < Self.mostPerComposition else {
            throw EditError("A video holds at most \(Self.mostPerComposition) texts.")
        }
        let text = overlay.text.trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty, text.count <= Self.longest else {
            throw EditError("A text has 1 to \(Self.longest) characters.")
        }
        guard text.unicodeScalars.allSatisfy({ $0.properties.generalCategory != .control && $0.value != 0x7F })
        else { throw EditError("A text is one line of printable characters.") }
        guard Self.sizes.contains(overlay.size) else {
            throw EditError("A text's size is \(Self.sizes.lowerBound) to \(Self.sizes.upperBound) pixels.")
        }
        guard Self.isColour(overlay.colour) else { throw EditError("A text's colour is written #RRGGBB.") }
        guard overlay.time.start >= 0, overlay.time.start < overlay.time.end,
            overlay.time.end <= composition.duration + 0.001
        else {
            throw EditError(
                "A text's time must lie within the edited clip's 0-\(TimeRange.seconds(composition.duration)) s.")
        }
        var cleaned = overlay
        cleaned.text = text
        self.overlay = cleaned
    }

    public func execute(on composition: inout Composition) throws { composition.texts.append(overlay) }

    public func undo(on composition: inout Composition) throws {
        if let index = composition.texts.lastIndex(of: overlay) { composition.texts.remove(at: index) }
    }

    private static func isColour(_ text: String) -> Bool {
        text.count == 7 && text.hasPrefix("#") && text.dropFirst().allSatisfy(\.isHexDigit)
    }
}

/// Puts a music track under the picture, mixed with the clip's sound or instead of it.
public struct AddMusic: Command, Codable, Hashable {
    public let track: MusicTrack
    private let previous: MusicTrack?

    /// The kinds of audio file accepted, by extension (what ffmpeg reads on every Debian build).
    public static let extensions: Set<String> = ["mp3", "m4a", "aac", "wav", "ogg", "oga", "opus", "flac"]

    public init(_ track: MusicTrack, of composition: Composition) throws(EditError) {
        let fileExtension = track.path.split(separator: ".").last.map { $0.lowercased() } ?? ""
        guard track.path.contains("."), Self.extensions.contains(fileExtension) else {
            throw EditError(
                "Music is an audio file: \(Self.extensions.sorted().joined(separator: ", ")).")
        }
        guard (0...1).contains(track.volume) else { throw EditError("The music's volume is 0 to 100%.") }
        self.track = track
        previous = composition.music
    }

    public func execute(on composition: inout Composition) throws { composition.music = track }
    public func undo(on composition: inout Composition) throws { composition.music = previous }
}
