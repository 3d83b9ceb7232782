import Foundation
import Testing

@testable import FinnkinoKit

/// The video library on disk: exports recorded with a thumbnail frame, listed newest first,
/// deleted with their files, and refusals that leave nothing behind.
@Suite(.timeLimit(.minutes(2))) struct VideoLibraryTests {
    private func folder() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("library-tests-\(UUID())")
    }

    /// A bundled trailer clip copied to `file` (a real 4 s H.264 + AAC video).
    private func copyClip(to file: URL) throws {
        let video = EventVideo(
            title: "Trailer", location: "bundled:///media/Event_14001/trailer.mp4", thumbnailLocation: nil,
            subType: "EventTrailer", format: "Mp4")
        let clip = try #require(try BundledMedia.standard().clip(video))
        try FileManager.default.copyItem(at: clip, to: file)
    }

    @Test func addedVideosAreListedNewestFirstWithThumbnailsAndSurviveReopening() async throws {
        let data = folder()
        defer { try? FileManager.default.removeItem(at: data) }
        let library = try VideoLibrary(dataDirectory: data)
        // When two exports are added
        let first = library.newVideoFile()
        try copyClip(to: first)
        let a = try await library.add(first, title: "Eka", edits: ["Rotate 90°"])
        let second = library.newVideoFile()
        try copyClip(to: second)
        let b = try await library.add(second, title: "Toka", edits: [])
        // Then each is described by ffprobe's figures and has a JPEG thumbnail
        #expect(a.id == 1 && b.id == 2)
        #expect(abs(a.duration - 4) < 0.05 && a.size == FrameSize(width: 480, height: 270))
        #expect(a.bytes == (try FileManager.default.attributesOfItem(atPath: first.path)[.size] as? Int64))
        let thumbnail = try Data(contentsOf: library.thumbnail(of: a))
        #expect(thumbnail.starts(with: [0xFF, 0xD8, 0xFF]))
        // And another opening of the same folder (the CLI beside the server) lists them, newest first
        let reopened = try VideoLibrary(dataDirectory: data)
        #expect(try reopened.all().map(\.title) == ["Toka", "Eka"])
        #expect(try reopened.video(id: 1)?.edits == ["Rotate 90°"])
    }

    @Test func deletingRemovesTheRowAndBothFiles() async throws {
        let data = folder()
        defer { try? FileManager.default.removeItem(at: data) }
        let library = try VideoLibrary(dataDirectory: data)
        let file = library.newVideoFile()
        try copyClip(to: file)
        let video = try await library.add(file, title: "Poistettava", edits: [])
        #expect(try library.delete(id: video.id))
        #expect(try library.all().isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: library.folder.path).isEmpty)
        // And a second delete says there was nothing
        #expect(try library.delete(id: video.id) == false)
    }

    @Test func aFileThatIsNotAVideoIsRefusedAndRemoved() async throws {
        let data = folder()
        defer { try? FileManager.default.removeItem(at: data) }
        let library = try VideoLibrary(dataDirectory: data)
        let file = library.newVideoFile()
        try Data("not a video".utf8).write(to: file)
        await #expect(throws: VideoLibraryError.self) { try await library.add(file, title: "Rikki", edits: []) }
        #expect(!FileManager.default.fileExists(atPath: file.path))
        #expect(try library.all().isEmpty)
    }

    @Test func aFileOutsideTheLibraryFolderIsRefused() async throws {
        let data = folder()
        defer { try? FileManager.default.removeItem(at: data) }
        let library = try VideoLibrary(dataDirectory: data)
        let outside = data.appendingPathComponent("elsewhere.mp4")
        try copyClip(to: outside)
        await #expect(throws: VideoLibraryError.self) { try await library.add(outside, title: "Muualla", edits: []) }
        #expect(try library.all().isEmpty)
    }

    @Test func aDatabaseThatIsNotOneIsNamed() async throws {
        let data = folder()
        defer { try? FileManager.default.removeItem(at: data) }
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        try Data(repeating: 0x41, count: 4096).write(to: data.appendingPathComponent(VideoLibrary.fileName))
        #expect {
            _ = try VideoLibrary(dataDirectory: data)
        } throws: { error in
            String(describing: error).contains("library.sqlite cannot be opened")
        }
    }
}
