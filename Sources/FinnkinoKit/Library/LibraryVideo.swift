import Foundation

/// An exported video in the library.
public struct LibraryVideo: Sendable, Hashable, Identifiable, Codable {
    /// Shown to people and taken by `finnkino library delete ID`.
    public var id: Int64
    /// What was edited: the movie's title or the file's name.
    public var title: String
    public var createdAt: Date
    /// Seconds.
    public var duration: Double
    public var size: FrameSize
    public var bytes: Int64
    /// The edits made, one line each (`Trim 1.5-6`, `Rotate 90°`), in the order they were made.
    public var edits: [String]
    /// The video's file name in the library folder (`<uuid>.mp4`); the thumbnail is `<uuid>.jpg`.
    package var fileName: String

    package init(
        id: Int64, title: String, createdAt: Date, duration: Double, size: FrameSize, bytes: Int64, edits: [String],
        fileName: String
    ) {
        self.id = id
        self.title = title
        self.createdAt = createdAt
        self.duration = duration
        self.size = size
        self.bytes = bytes
        self.edits = edits
        self.fileName = fileName
    }

    package var thumbnailName: String { String(fileName.dropLast(".mp4".count)) + ".jpg" }
}
