import AppPatterns
import Foundation
import Testing

@testable import FinnkinoKit

/// What ffprobe is allowed to open: files that may come from anyone are opened only as local
/// video files, never as playlists that name other files or wait for a live stream.
@Suite(.timeLimit(.minutes(1))) struct VideoProbeTests {
    private func file(_ name: String, _ text: String) throws -> (URL, URL) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("probe-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent(name)
        try Data(text.utf8).write(to: file)
        return (folder, file)
    }

    @Test func aLivePlaylistIsRefusedAtOnceInsteadOfWaitedOn() async throws {
        // Given a 111-byte live HLS playlist (no #EXT-X-ENDLIST) sent as a video
        let (folder, playlist) = try file(
            "upload.mp4", "#EXTM3U\n#EXT-X-TARGETDURATION:10\n#EXT-X-MEDIA-SEQUENCE:1\n#EXTINF:10,\nsegment.ts\n")
        defer { try? FileManager.default.removeItem(at: folder) }
        // When it is probed
        // Then it is refused as not a video (the HLS demuxer is never used), not at the deadline
        do {
            _ = try await VideoProbe.source(playlist.path)
            Issue.record("a playlist was taken as a video")
        } catch {
            #expect(String(describing: error).contains("not a video file"), "\(error)")
        }
    }

    @Test func aPlaylistNamingAServerFileIsRefused() async throws {
        // Given a real clip on the server, and a playlist that names it by absolute path
        let clip = try #require(try BundledMedia.bundled().tunes.first).file.deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("media/Event_14001/trailer.mp4")
        #expect(FileManager.default.fileExists(atPath: clip.path))
        let (folder, playlist) = try file(
            "mine.mkv", "#EXTM3U\n#EXT-X-TARGETDURATION:4\n#EXTINF:4,\n\(clip.path)\n#EXT-X-ENDLIST\n")
        defer { try? FileManager.default.removeItem(at: folder) }
        let (_, concat) = try file("list.mp4", "ffconcat version 1.0\nfile '\(clip.path)'\n")
        defer { try? FileManager.default.removeItem(at: concat.deletingLastPathComponent()) }
        // When each is probed, then each is refused: the server's clip is never read through them
        for candidate in [playlist, concat] {
            do {
                _ = try await VideoProbe.source(candidate.path)
                Issue.record("\(candidate.lastPathComponent) was taken as a video")
            } catch {
                #expect(String(describing: error).contains("not a video file"), "\(error)")
            }
        }
        // And the clip itself, a real video, is read
        let source = try await VideoProbe.source(clip.path)
        #expect(source.size == FrameSize(width: 480, height: 270))
    }

    @Test func theExportOpensItsInputsOnlyAsLocalFilesOfVideoFormats() {
        // Given a composition with music
        var composition = Composition(
            source: VideoSource(
                path: "/data/clip.mp4", title: "c", duration: 4, size: FrameSize(width: 480, height: 270),
                hasAudio: true))
        composition.music = MusicTrack(path: "/data/tune.m4a", name: "t", mode: .mix, volume: 1)
        // When its ffmpeg arguments are made
        let arguments = FFmpegArguments.arguments(for: composition, textFiles: [], output: "/tmp/out.mp4")
        // Then every input is a file: URL behind a protocol and a format whitelist
        let inputs = arguments.indices.filter { arguments[$0] == "-i" }.map { arguments[$0 + 1] }
        #expect(inputs == ["file:/data/clip.mp4", "file:/data/tune.m4a"])
        #expect(arguments.filter { $0 == "-protocol_whitelist" }.count == 2)
        #expect(arguments.filter { $0 == "-format_whitelist" }.count == 2)
        #expect(!arguments.contains { $0.contains("hls") || $0.contains("concat") })
    }
}
