import Foundation
import Testing

@testable import FinnkinoKit

/// The dataset's own trailer clips and tunes: every movie's trailer is a real short H.264 + AAC
/// clip, the tunes are AAC, and only listed `bundled:` files are ever named.
@Suite(.timeLimit(.minutes(3))) struct BundledMediaTests {
    private func probe(_ file: URL) async throws -> String {
        let output = try await MediaTool.output(
            "ffprobe",
            [
                "-v", "error", "-show_entries", "stream=codec_name,width,height:format=duration", "-of", "csv=p=0",
                file.path,
            ])
        return String(decoding: output, as: UTF8.self)
    }

    @Test func everyMovieOfTheDatasetHasAPlayableClip() async throws {
        let store = try BundledStoreFixture.store()
        let media = try BundledMedia.bundled()
        var movies: [Event] = []
        for list in EventListType.allCases { movies += try await store.movies(list).value }
        #expect(movies.count > 40)
        let clips = try movies.map { try #require(media.trailer(of: $0), "\($0.title) has no clip") }
        #expect(movies.allSatisfy(media.hasTrailer))
        // Each clip is 4 s of 480x270 H.264 with AAC sound, and small (checked on a few: ffprobe is slow)
        for clip in Set(clips).sorted(by: { $0.path < $1.path }).prefix(3) {
            let lines = try await probe(clip).split(separator: "\n")
            #expect(lines.contains("h264,480,270") && lines.contains("aac"), "\(lines)")
            #expect(abs((Double(lines.last ?? "") ?? 0) - 4) < 0.05)
        }
        let bytes = try clips.map { try FileManager.default.attributesOfItem(atPath: $0.path)[.size] as? Int ?? 0 }
        #expect(bytes.allSatisfy { $0 > 10_000 && $0 < 100_000 }, "\(bytes)")
    }

    @Test func theTunesAreNamedAACTracks() async throws {
        let tunes = try BundledMedia.bundled().tunes
        #expect(tunes.map(\.name) == ["aamu", "takaa-ajo", "valssi"])
        #expect(try BundledMedia.bundled().tune(named: "Valssi")?.name == "valssi")
        #expect(try BundledMedia.bundled().tune(named: "humppa") == nil)
        let lines = try await probe(tunes[0].file).split(separator: "\n")
        #expect(lines.first == "aac" && abs((Double(lines.last ?? "") ?? 0) - 20) < 0.05, "\(lines)")
    }

    @Test(arguments: [
        ("bundled:///media/Event_14001/missing.mp4", "Mp4"), ("bundled:///manifest.json", "Mp4"),
        ("bundled:///media/../manifest.json", "Mp4"), ("bundled:///media/Event_14001/trailer.mp4", "YouTubeVideo"),
        ("https://example.com/media/Event_14001/trailer.mp4", "Mp4"),
    ])
    func onlyListedBundledClipsAreNamed(location: String, format: String) async throws {
        let video = EventVideo(
            title: "Trailer", location: location, thumbnailLocation: nil, subType: "EventTrailer", format: format)
        #expect(try BundledMedia.bundled().clip(video) == nil)
        var event = try #require(try await BundledStoreFixture.store().movies().value.first)
        event.videos = [video]
        #expect(try !BundledMedia.bundled().hasTrailer(event))
    }
}
