import AppPatterns
import ExternalPrograms
import Foundation
import NIOConcurrencyHelpers
import TestSupport
import Testing

@testable import FinnkinoKit

/// Real exports with ffmpeg, checked with ffprobe and with the pixels of a frame.
@Suite(.serialized, .timeLimit(.minutes(3))) struct TrailerExporterTests {
    /// A 6 s 640x360 clip with sound, a 4 s one without, and a 3 s tone, made once with ffmpeg's own
    /// test sources (started by the first test that asks, awaited by every other).
    struct Fixtures {
        var clip: VideoSource
        var silent: VideoSource
        var tone: String
        var folder: URL
    }

    static let fixtures = Task {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("trailer-tests-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let clip = folder.appendingPathComponent("clip.mp4").path
        let silent = folder.appendingPathComponent("silent.mp4").path
        let tone = folder.appendingPathComponent("tone.wav").path
        try await MediaTool.output(
            "ffmpeg",
            [
                "-v", "error", "-f", "lavfi", "-i", "testsrc2=size=640x360:rate=25:duration=6", "-f", "lavfi", "-i",
                "sine=frequency=330:duration=6", "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p",
                "-c:a", "aac", "-shortest", clip,
            ])
        try await MediaTool.output(
            "ffmpeg",
            [
                "-v", "error", "-f", "lavfi", "-i", "testsrc2=size=640x360:rate=25:duration=4", "-c:v", "libx264",
                "-preset", "ultrafast", "-pix_fmt", "yuv420p", silent,
            ])
        try await MediaTool.output(
            "ffmpeg", ["-v", "error", "-f", "lavfi", "-i", "sine=frequency=550:duration=3", tone])
        let size = FrameSize(width: 640, height: 360)
        return Fixtures(
            clip: VideoSource(path: clip, title: "clip", duration: 6, size: size, hasAudio: true),
            silent: VideoSource(path: silent, title: "silent", duration: 4, size: size, hasAudio: false), tone: tone,
            folder: folder)
    }

    struct Probe {
        var duration: Double
        var width: Int
        var height: Int
        var hasAudio: Bool
    }

    static func probe(_ path: String) async throws -> Probe {
        let data = try await MediaTool.output(
            "ffprobe",
            ["-v", "error", "-show_entries", "format=duration:stream=codec_type,width,height", "-of", "json", path])
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let streams = try #require(json["streams"] as? [[String: Any]])
        let video = try #require(streams.first { $0["codec_type"] as? String == "video" })
        let format = try #require(json["format"] as? [String: Any])
        return Probe(
            duration: Double(format["duration"] as? String ?? "") ?? 0, width: video["width"] as? Int ?? 0,
            height: video["height"] as? Int ?? 0, hasAudio: streams.contains { $0["codec_type"] as? String == "audio" })
    }

    /// The RGB bytes of the frame at `time`.
    static func frame(_ path: String, at time: Double) async throws -> [UInt8] {
        [UInt8](
            try await MediaTool.output(
                "ffmpeg",
                [
                    "-v", "error", "-ss", String(time), "-i", path, "-frames:v", "1", "-f", "rawvideo", "-pix_fmt",
                    "rgb24", "-",
                ]))
    }

    func export(_ menu: EditMenu, _ name: String) async throws -> String {
        let output = try await Self.fixtures.value.folder.appendingPathComponent(name).path
        try await TrailerExporter().export(menu.composition, to: URL(fileURLWithPath: output))
        return output
    }

    static func workFolders() -> Int {
        let temporary = FileManager.default.temporaryDirectory.path
        return ((try? FileManager.default.contentsOfDirectory(atPath: temporary)) ?? []).count {
            $0.hasPrefix("finnkino-export-")
        }
    }

    @Test func trimKeepsTheAskedLength() async throws {
        var menu = EditMenu(source: try await Self.fixtures.value.clip)
        try menu.trim(TimeRange(start: 1.5, end: 4))
        let probe = try await Self.probe(try await export(menu, "trim.mp4"))
        #expect(abs(probe.duration - 2.5) <= 0.1, "\(probe.duration)")
        #expect(probe.hasAudio)
    }

    @Test func rotateAndCropGiveTheFrameSize() async throws {
        var menu = EditMenu(source: try await Self.fixtures.value.clip)
        try menu.rotate(.quarter)
        #expect(try await Self.probe(try await export(menu, "rotate.mp4")).width == 360)
        try menu.crop(CropRect(x: 40, y: 100, width: 200, height: 300))
        let probe = try await Self.probe(try await export(menu, "crop.mp4"))
        #expect(probe.width == 200 && probe.height == 300)
    }

    @Test func textIsBurnedIntoThePicture() async throws {
        let plain = EditMenu(source: try await Self.fixtures.value.clip)
        var titled = plain
        try titled.addText(
            TextOverlay(
                text: "It's 100%: [Dyyni]; a,b %{pts} \\ 'x'", position: .bottom, size: 40, colour: "#FFFF00",
                time: TimeRange(start: 0, end: 3)))
        let before = try await Self.frame(try await export(plain, "plain.mp4"), at: 1)
        let after = try await Self.frame(try await export(titled, "titled.mp4"), at: 1)
        #expect(before.count == 640 * 360 * 3 && after.count == before.count)
        // The bottom band differs (the text), the top band is the same picture
        let row = 640 * 3
        let bottom = (300 * row)..<(350 * row)
        let top = (20 * row)..<(60 * row)
        let changedBottom = zip(before[bottom], after[bottom]).count { abs(Int($0) - Int($1)) > 40 }
        let changedTop = zip(before[top], after[top]).count { abs(Int($0) - Int($1)) > 40 }
        #expect(changedBottom > 1000, "\(changedBottom)")
        #expect(changedTop < 50, "\(changedTop)")
        // And after 3 s the text is gone
        let late = try await Self.frame(try await export(titled, "titled-late.mp4"), at: 4)
        let plainLate = try await Self.frame(try await export(plain, "plain-late.mp4"), at: 4)
        #expect(zip(late[bottom], plainLate[bottom]).count { abs(Int($0) - Int($1)) > 40 } < 50)
    }

    @Test func musicGivesASilentClipSound() async throws {
        let fixtures = try await Self.fixtures.value
        var menu = EditMenu(source: fixtures.silent)
        #expect(!(try await Self.probe(fixtures.silent.path).hasAudio))
        try menu.addMusic(MusicTrack(path: fixtures.tone, name: "tone", mode: .replace, volume: 0.8))
        let probe = try await Self.probe(try await export(menu, "music.mp4"))
        #expect(probe.hasAudio && abs(probe.duration - 4) <= 0.15)
        // Mixed into a clip that has sound, too
        var mixed = EditMenu(source: fixtures.clip)
        try mixed.addMusic(MusicTrack(path: fixtures.tone, name: "tone", mode: .mix, volume: 0.5))
        #expect(try await Self.probe(try await export(mixed, "mixed.mp4")).hasAudio)
    }

    @Test func progressIsReportedUpToTheEnd() async throws {
        let menu = EditMenu(source: try await Self.fixtures.value.clip)
        let seen = NIOLockedValueBox<[Double]>([])
        let output = try await Self.fixtures.value.folder.appendingPathComponent("progress.mp4")
        try await TrailerExporter().export(menu.composition, to: output) { share in
            seen.withLockedValue { $0.append(share) }
        }
        let shares = seen.withLockedValue { $0 }
        #expect(shares.last == 1)
        #expect(shares == shares.sorted())
    }

    @Test func anExportLargerThanItsLimitIsRefusedAndLeavesNothing() async throws {
        let before = Self.workFolders()
        let output = try await Self.fixtures.value.folder.appendingPathComponent("too-large.mp4")
        let menu = EditMenu(source: try await Self.fixtures.value.clip)
        // When a 6 s clip is exported with a limit far below its size
        let exporter = TrailerExporter(maxOutputBytes: 8_192)
        // Then it is refused as too large, and nothing is kept
        await #expect(throws: ExportError.tooLarge(bytes: 8_192)) {
            try await exporter.export(menu.composition, to: output)
        }
        #expect(!FileManager.default.fileExists(atPath: output.path))
        #expect(Self.workFolders() == before)
        // And within the default limit the same export is made
        let made = try await Self.fixtures.value.folder.appendingPathComponent("within-limit.mp4")
        try await TrailerExporter().export(menu.composition, to: made)
        #expect(FileManager.default.fileExists(atPath: made.path))
    }

    @Test func cancellingStopsFfmpegAndLeavesNothing() async throws {
        let before = Self.workFolders()
        let output = try await Self.fixtures.value.folder.appendingPathComponent("cancelled.mp4")
        let menu = EditMenu(source: try await Self.fixtures.value.clip)
        let started = NIOLockedValueBox(false)
        let task = Task {
            try await TrailerExporter().export(menu.composition, to: output) { share in
                if share > 0 { started.withLockedValue { $0 = true } }
            }
        }
        // When the export is under way (ffmpeg reported progress) and is cancelled
        #expect(await poll(every: .milliseconds(5)) { started.withLockedValue { $0 } })
        let clock = ContinuousClock()
        let cancelledAt = clock.now
        task.cancel()
        let result = await task.result
        // Then it ends at once, says so, and leaves no output and no working folder
        #expect(throws: ExportError.cancelled) { try result.get() }
        #expect(clock.now - cancelledAt < .seconds(2))
        #expect(!FileManager.default.fileExists(atPath: output.path))
        #expect(Self.workFolders() == before)
    }

    @Test func anExportCancelledBeforeItStartsRunsNothing() async throws {
        let output = try await Self.fixtures.value.folder.appendingPathComponent("never.mp4")
        let menu = EditMenu(source: try await Self.fixtures.value.clip)
        let reported = NIOLockedValueBox(false)
        let task = Task {
            try await TrailerExporter().export(menu.composition, to: output) { _ in
                reported.withLockedValue { $0 = true }
            }
        }
        task.cancel()
        await #expect(throws: ExportError.cancelled) { try await task.result.get() }
        #expect(!reported.withLockedValue { $0 } && !FileManager.default.fileExists(atPath: output.path))
    }

    @Test func aTimeLimitStopsTheExport() async throws {
        let output = try await Self.fixtures.value.folder.appendingPathComponent("slow.mp4")
        let menu = EditMenu(source: try await Self.fixtures.value.clip)
        await #expect(throws: ExportError.timedOut(seconds: 0)) {
            try await TrailerExporter(timeLimit: .milliseconds(1)).export(menu.composition, to: output)
        }
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }

    @Test func aMissingFfmpegIsSaidWithHowToInstallIt() async throws {
        let menu = EditMenu(source: try await Self.fixtures.value.clip)
        let output = try await Self.fixtures.value.folder.appendingPathComponent("none.mp4")
        do {
            try await TrailerExporter(ffmpeg: nil).export(menu.composition, to: output)
            Issue.record("exported without ffmpeg")
        } catch {
            #expect(error == .ffmpegMissing)
            #expect(error.description.contains("apt-get install ffmpeg"))
        }
        #expect(Executables.find("no-such-tool-here") == nil)
    }

    @Test func aBrokenSourceFailsWithFfmpegsReason() async throws {
        let folder = try await Self.fixtures.value.folder
        let broken = folder.appendingPathComponent("broken.mp4")
        try Data("not a video".utf8).write(to: broken)
        let source = VideoSource(
            path: broken.path, title: "broken", duration: 5, size: FrameSize(width: 640, height: 360), hasAudio: false)
        let output = folder.appendingPathComponent("from-broken.mp4")
        do {
            try await TrailerExporter().export(EditMenu(source: source).composition, to: output)
            Issue.record("a broken file exported")
        } catch {
            guard case .failed(let reason) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(reason.contains("broken.mp4"))
        }
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }
}
