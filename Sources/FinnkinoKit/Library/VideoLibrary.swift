import Foundation

/// Why the video library could not be read or changed.
public struct VideoLibraryError: Error, Sendable, Equatable, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}

/// The exported videos, each a person's: reading, listing and deleting name the person, and a
/// video of anyone else is as if it did not exist. The contract every kind of library keeps
/// (`SQLiteVideoLibrary` on one machine; `VideoLibraryTests`' tests taking a kind hold each to it).
///
/// A video's file and thumbnail are in ``folder``; the library records what each is and whose.
public protocol VideoLibrary: PersonalStore {
    /// Where the videos and thumbnails are.
    var folder: URL { get }
    /// Why the library cannot be used (it lists nothing, refuses changes); nil for a working one.
    var unavailableReason: String? { get }
    /// A new file name for an export, in ``folder``: export there, then ``add(_:title:edits:for:)``.
    func newVideoFile() -> URL
    /// Records the video at `file` (from ``newVideoFile()``) as `person`'s and writes its thumbnail
    /// frame. When this fails the file is removed.
    @discardableResult
    func add(_ file: URL, title: String, edits: [String], for person: PersonID) async throws(VideoLibraryError)
        -> LibraryVideo
    /// Every video of `person`, newest first.
    func all(of person: PersonID) throws(VideoLibraryError) -> [LibraryVideo]
    /// `person`'s video `id`; nil when there is none, or it is someone else's.
    func video(id: Int64, of person: PersonID) throws(VideoLibraryError) -> LibraryVideo?
    /// Removes `person`'s video, its file and its thumbnail; false when they have no such video.
    @discardableResult
    func delete(id: Int64, of person: PersonID) throws(VideoLibraryError) -> Bool
    /// Deletes every video of `person`, with their files and thumbnails.
    func erase(_ person: PersonID) throws(VideoLibraryError)
    /// The persons among `persons` who have at least one video.
    func personsWithVideos(among persons: [PersonID]) throws(VideoLibraryError) -> Set<PersonID>
}

/// The limits of a person's video library on a server.
public enum VideoLibraryLimits {
    /// The most videos one person's library holds on a server (each up to a few tens of MB):
    /// enough to keep what one makes, and a bound on what one person can put on the server's disk.
    /// The editor refuses an export beyond it; the CLI, its owner's own, does not.
    public static let perPerson = 20
}

extension VideoLibrary {
    public func file(of video: LibraryVideo) -> URL { folder.appendingPathComponent(video.fileName) }
    public func thumbnail(of video: LibraryVideo) -> URL { folder.appendingPathComponent(video.thumbnailName) }

    /// `video` (made by `LibraryVideo.made`) with the ID `insert` recorded it under; when that
    /// fails, its files are removed and the failure said.
    package func recorded(
        _ video: LibraryVideo, by insert: () async throws -> Int64
    ) async throws(VideoLibraryError) -> LibraryVideo {
        var video = video
        do {
            video.id = try await insert()
        } catch {
            removeFiles(of: video)
            throw VideoLibraryError("the video could not be added to the library: \(error)")
        }
        return video
    }

    /// Removes a video's file and thumbnail.
    package func removeFiles(of video: LibraryVideo) {
        try? FileManager.default.removeItem(at: file(of: video))
        try? FileManager.default.removeItem(at: thumbnail(of: video))
    }

    /// The local person's (the CLI's) videos, newest first.
    public func all() throws(VideoLibraryError) -> [LibraryVideo] { try all(of: .local) }
}

extension LibraryVideo {
    /// A list of edits as the libraries and the export jobs keep it: a JSON array of strings.
    package static func editsJSON(_ edits: [String]) -> String {
        (try? String(decoding: JSONEncoder().encode(edits), as: UTF8.self)) ?? "[]"
    }

    /// What an exported `file` in `folder` is (ID 0, not recorded yet), its thumbnail frame
    /// written beside it. When this fails the file is removed: every library's `add` starts here.
    package static func made(
        from file: URL, in folder: URL, title: String, edits: [String]
    ) async throws(VideoLibraryError) -> LibraryVideo {
        let thumbnail = file.deletingPathExtension().appendingPathExtension("jpg")
        do {
            guard file.deletingLastPathComponent().standardizedFileURL == folder.standardizedFileURL else {
                throw VideoLibraryError("\(file.path) is not in the library folder \(folder.path)")
            }
            let source = try await VideoProbe.source(file.path, title: title)
            let bytes = try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int64 ?? 0
            try await VideoThumbnail.write(from: file, at: min(1, source.duration / 3), to: thumbnail)
            return LibraryVideo(
                id: 0, title: title, createdAt: Date(), duration: source.duration, size: source.size, bytes: bytes,
                edits: edits, fileName: file.lastPathComponent)
        } catch {
            try? FileManager.default.removeItem(at: file)
            try? FileManager.default.removeItem(at: thumbnail)
            if let error = error as? VideoLibraryError { throw error }
            throw VideoLibraryError("the video could not be added to the library: \(error)")
        }
    }
}
