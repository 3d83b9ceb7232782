import Foundation
import TestSupport
import Testing

@testable import FinnkinoKit
@testable import FinnkinoStores

/// Every kind of ``VideoLibrary`` the server can run on; the tests taking one are the contract.
extension TestBackend {
    /// A new, empty library on this backend keeping its files in `data`.
    func makeVideoLibrary(_ data: URL) throws -> any VideoLibrary {
        try make(
            sqlite: { _ in try SQLiteVideoLibrary(dataDirectory: data) },
            postgres: {
                try PostgresVideoLibrary(
                    pool: $0, folder: data.appendingPathComponent(SQLiteVideoLibrary.folderName, isDirectory: true))
            }
        ).store
    }
}

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
        let clip = try #require(try BundledMedia.bundled().clip(video))
        try FileManager.default.copyItem(at: clip, to: file)
    }

    @Test func addedVideosAreListedNewestFirstWithThumbnailsAndSurviveReopening() async throws {
        let data = folder()
        defer { try? FileManager.default.removeItem(at: data) }
        let library = try SQLiteVideoLibrary(dataDirectory: data)
        // When two exports are added
        let first = library.newVideoFile()
        try copyClip(to: first)
        let a = try await library.add(first, title: "Eka", edits: ["Rotate 90°"], for: .local)
        let second = library.newVideoFile()
        try copyClip(to: second)
        let b = try await library.add(second, title: "Toka", edits: [], for: .local)
        // Then each is described by ffprobe's figures and has a JPEG thumbnail
        #expect(a.id == 1 && b.id == 2)
        #expect(abs(a.duration - 4) < 0.05 && a.size == FrameSize(width: 480, height: 270))
        #expect(a.bytes == (try FileManager.default.attributesOfItem(atPath: first.path)[.size] as? Int64))
        let thumbnail = try Data(contentsOf: library.thumbnail(of: a))
        #expect(thumbnail.starts(with: [0xFF, 0xD8, 0xFF]))
        // And another opening of the same folder (the CLI beside the server) lists them, newest first
        let reopened = try SQLiteVideoLibrary(dataDirectory: data)
        #expect(try reopened.all().map(\.title) == ["Toka", "Eka"])
        #expect(try reopened.video(id: 1, of: .local)?.edits == ["Rotate 90°"])
    }

    @Test(arguments: TestBackend.onDisk) func deletingRemovesTheRowAndBothFiles(kind: TestBackend)
        async throws
    {
        let data = folder()
        defer { try? FileManager.default.removeItem(at: data) }
        let library = try kind.makeVideoLibrary(data)
        let file = library.newVideoFile()
        try copyClip(to: file)
        let video = try await library.add(file, title: "Poistettava", edits: [], for: .local)
        #expect(try library.delete(id: video.id, of: .local))
        #expect(try library.all().isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: library.folder.path).isEmpty)
        // And a second delete says there was nothing
        #expect(try library.delete(id: video.id, of: .local) == false)
    }

    @Test(arguments: TestBackend.onDisk) func aFileThatIsNotAVideoIsRefusedAndRemoved(kind: TestBackend)
        async throws
    {
        let data = folder()
        defer { try? FileManager.default.removeItem(at: data) }
        let library = try kind.makeVideoLibrary(data)
        let file = library.newVideoFile()
        try Data("not a video".utf8).write(to: file)
        await #expect(throws: VideoLibraryError.self) {
            try await library.add(file, title: "Rikki", edits: [], for: .local)
        }
        #expect(!FileManager.default.fileExists(atPath: file.path))
        #expect(try library.all().isEmpty)
    }

    @Test(arguments: TestBackend.onDisk) func aFileOutsideTheLibraryFolderIsRefused(kind: TestBackend)
        async throws
    {
        let data = folder()
        defer { try? FileManager.default.removeItem(at: data) }
        let library = try kind.makeVideoLibrary(data)
        let outside = data.appendingPathComponent("elsewhere.mp4")
        try copyClip(to: outside)
        await #expect(throws: VideoLibraryError.self) {
            try await library.add(outside, title: "Muualla", edits: [], for: .local)
        }
        #expect(try library.all().isEmpty)
    }

    @Test(arguments: TestBackend.onDisk) func anotherPersonsVideoIsAsIfItDidNotExist(
        kind: TestBackend
    ) async throws {
        let data = folder()
        defer { try? FileManager.default.removeItem(at: data) }
        let library = try kind.makeVideoLibrary(data)
        let alice = PersonID(rawValue: 1_000_001)
        let bob = PersonID(rawValue: 1_000_002)
        // Given a video of A's
        let file = library.newVideoFile()
        try copyClip(to: file)
        let video = try await library.add(file, title: "A:n", edits: [], for: alice)
        // Then B sees nothing of it, cannot delete it, and erasing B leaves it
        #expect(try library.all(of: bob).isEmpty && library.video(id: video.id, of: bob) == nil)
        #expect(try library.delete(id: video.id, of: bob) == false)
        try library.erase(bob)
        #expect(try library.all(of: alice).map(\.id) == [video.id])
        #expect(try library.personsWithVideos(among: [alice, bob, .local]) == [alice])
        // When A is erased, the video and its files are gone
        try library.erase(alice)
        #expect(try library.all(of: alice).isEmpty && library.personsWithVideos(among: [alice]).isEmpty)
        #expect(!FileManager.default.fileExists(atPath: file.path))
        #expect(!FileManager.default.fileExists(atPath: library.thumbnail(of: video).path))
    }

    @Test func aDatabaseThatIsNotOneIsNamed() async throws {
        let data = folder()
        defer { try? FileManager.default.removeItem(at: data) }
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        try Data(repeating: 0x41, count: 4096).write(to: data.appendingPathComponent(SQLiteVideoLibrary.fileName))
        #expect {
            _ = try SQLiteVideoLibrary(dataDirectory: data)
        } throws: { error in
            String(describing: error).contains("library.sqlite cannot be opened")
        }
    }
}
