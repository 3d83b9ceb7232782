import AppPatterns
import Foundation
import Testing

/// Runs the `finnkino-dataset` executable (built next to the test bundle by
/// `swift build --build-tests`) and compares what it writes.
@Suite("Dataset generator", .serialized)
struct DatasetGeneratorTests {
    /// The built generator, next to this test target's resource bundle.
    private func generatorURL() throws -> URL {
        let directory = Bundle.module.bundleURL.deletingLastPathComponent()
        let url = directory.appendingPathComponent("finnkino-dataset")
        try #require(
            FileManager.default.isExecutableFile(atPath: url.path),
            "build the generator first: swift build --build-tests (looked at \(url.path))")
        return url
    }

    /// The committed dataset folder in the source tree.
    private var committedFolder: URL {
        URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
            .appendingPathComponent("Sources/FinnkinoKit/Bundled")
    }

    /// Runs the generator and returns its exit status, waiting without holding a thread of the
    /// test pool. ffmpeg runs as on a machine without any font configured (`FONTCONFIG_FILE` names
    /// an empty configuration), so clips that needed the machine's fonts fail here as they would on
    /// a fresh machine, instead of passing with whatever fonts this one has.
    private func runGenerator(into folder: URL, _ extra: [String] = []) async throws -> Int32 {
        let noFonts = folder.deletingLastPathComponent().appendingPathComponent(
            "\(folder.lastPathComponent).fonts.conf")
        try Data("<?xml version=\"1.0\"?>\n<fontconfig></fontconfig>\n".utf8).write(to: noFonts)
        defer { try? FileManager.default.removeItem(at: noFonts) }
        let process = Process()
        process.executableURL = try generatorURL()
        process.arguments = ["--output", folder.path] + extra
        process.environment = ProcessInfo.processInfo.environment.merging(["FONTCONFIG_FILE": noFonts.path]) { $1 }
        process.standardOutput = FileHandle.nullDevice
        return try await withCheckedThrowingContinuation { continuation in
            process.terminationHandler = { continuation.resume(returning: $0.terminationStatus) }
            do { try process.run() } catch {
                process.terminationHandler = nil
                continuation.resume(throwing: error)
            }
        }
    }

    /// Relative path -> bytes of every file below `folder`.
    private func contents(of folder: URL) throws -> [String: Data] {
        var result: [String: Data] = [:]
        let base = folder.standardizedFileURL.path
        guard let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else {
            return result
        }
        for case let url as URL in enumerator where !url.hasDirectoryPath {
            let path = String(url.standardizedFileURL.path.dropFirst(base.count + 1))
            result[path] = try Data(contentsOf: url)
        }
        return result
    }

    private func temporaryFolder() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("finnkino-dataset-\(UUID().uuidString)")
    }

    /// The committed folder came from an earlier run, so this also shows that the generator writes
    /// the same bytes every time: every file it writes from its own code (documents, posters, the
    /// manifest) byte for byte. The trailer clips are ffmpeg's H.264 and AAC, whose bytes depend on
    /// the encoder's build and the machine's CPU, so each clip is checked for what the app relies
    /// on: the codecs, frame size, length, frame count, sound, and the picture itself (SSIM against
    /// the committed clip of at least ``minimumSSIM``). The manifest is compared with the clips'
    /// byte counts left out.
    @Test func aFreshGenerationMatchesTheCommittedFolder() async throws {
        let fresh = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: fresh) }
        #expect(try await runGenerator(into: fresh) == 0)
        let generated = try contents(of: fresh)
        #expect(generated.count > 100)
        let committed = try contents(of: committedFolder)
        #expect(committed.keys.sorted() == generated.keys.sorted())
        let clips = generated.keys.filter { $0.hasSuffix(".mp4") }.sorted()
        #expect(clips.count == 44)
        let differing = generated.keys.filter {
            !$0.hasSuffix(".mp4") && $0 != "manifest.json" && committed[$0] != generated[$0]
        }.sorted()
        #expect(differing.isEmpty, "regenerate with `swift run finnkino-dataset`; differs: \(differing.prefix(5))")
        #expect(
            try manifestWithoutClipSizes(generated["manifest.json"])
                == manifestWithoutClipSizes(committed["manifest.json"]))
        for clip in clips {
            let freshClip = fresh.appendingPathComponent(clip).path
            #expect(try await streams(of: freshClip) == Self.clipStreams, "\(clip)")
            let similarity = try await ssim(freshClip, committedFolder.appendingPathComponent(clip).path)
            #expect(similarity >= Self.minimumSSIM, "\(clip): SSIM \(similarity)")
        }
    }

    /// The least structural similarity a fresh clip must have with the committed one (1 is the same
    /// picture; two encoder builds measured 0.998-1.000 here; a different picture, such as another
    /// poster or no title, is well below 0.95).
    static let minimumSSIM = 0.98

    /// What every clip holds: 4 s of 480x270 H.264 at 24 fps (96 frames) and AAC sound.
    static let clipStreams = ["h264 480x270 4.00 s 96 frames", "aac 4.00 s"]

    private func manifestWithoutClipSizes(_ data: Data?) throws -> NSDictionary {
        let bytes = try #require(data)
        var manifest = try #require(JSONSerialization.jsonObject(with: bytes) as? [String: Any])
        let files = try #require(manifest["files"] as? [[String: Any]])
        manifest["files"] = files.map { file in
            (file["path"] as? String)?.hasSuffix(".mp4") == true ? file.filter { $0.key != "bytes" } : file
        }
        return manifest as NSDictionary
    }

    private func streams(of clip: String) async throws -> [String] {
        let outcome = try await MediaTool.run(
            "ffprobe",
            [
                "-v", "error", "-count_frames", "-show_entries",
                "stream=codec_name,width,height,nb_read_frames,duration",
                "-of", "json", clip,
            ])
        let answer = try JSONSerialization.jsonObject(with: outcome.output) as? [String: Any]
        let streams = answer?["streams"] as? [[String: Any]] ?? []
        return streams.map { stream in
            let codec = stream["codec_name"] as? String ?? "?"
            let seconds = String(format: "%.2f s", Double(stream["duration"] as? String ?? "") ?? -1)
            if let width = stream["width"] as? Int, let height = stream["height"] as? Int {
                return "\(codec) \(width)x\(height) \(seconds) \(stream["nb_read_frames"] as? String ?? "?") frames"
            }
            return "\(codec) \(seconds)"
        }
    }

    private func ssim(_ clip: String, _ reference: String) async throws -> Double {
        let outcome = try await MediaTool.run(
            "ffmpeg",
            ["-hide_banner", "-nostdin", "-i", clip, "-i", reference, "-lavfi", "[0:v][1:v]ssim", "-f", "null", "-"])
        // The last line of standard error reads "... SSIM Y:0.99 U:0.99 V:0.99 All:0.999 (28.5)".
        let line = outcome.errorLines.last { $0.contains("All:") } ?? ""
        let value = line.split(separator: " ").first { $0.hasPrefix("All:") }?.dropFirst(4)
        return value.flatMap { Double($0) } ?? 0
    }

    @Test func anotherSeedWritesOtherContent() async throws {
        // Given a different seed
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // When the generator runs with it (without the clips, which the seed drives as it drives the posters)
        let status = try await runGenerator(into: folder, ["--seed", "7", "--without-clips"])
        // Then the documents differ from the committed ones (the seed really drives the content)
        #expect(status == 0)
        let fresh = try Data(contentsOf: folder.appendingPathComponent("fi/TheatreAreas.xml"))
        let committed = try Data(contentsOf: committedFolder.appendingPathComponent("fi/TheatreAreas.xml"))
        #expect(fresh == committed)  // facts do not depend on the seed
        let freshEvents = try Data(contentsOf: folder.appendingPathComponent("manifest.json"))
        let committedEvents = try Data(contentsOf: committedFolder.appendingPathComponent("manifest.json"))
        #expect(freshEvents != committedEvents)
    }

    @Test func aBadAnchorIsRefusedWithAMessage() async throws {
        // When the anchor is not a date
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let status = try await runGenerator(into: folder, ["--anchor", "next monday"])
        // Then the generator fails without writing
        #expect(status != 0)
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("manifest.json").path))
    }
}
