import AppPatterns
import ExternalPrograms
import Foundation
import Testing

/// `finnkino trailer edit`, end to end: a real clip, the five edits, ffprobe on the result.
@Suite(.timeLimit(.minutes(3))) struct TrailerCLITests {
    /// Runs ffmpeg or ffprobe to completion; returns its standard output. Awaited through the app's
    /// `ExternalProgram`, so that no thread of the test pool waits for it.
    @discardableResult
    static func tool(_ name: String, _ arguments: [String]) async throws -> String {
        let url = try #require(Executables.find(name), "\(name) is not installed (scripts/setup installs it)")
        let outcome = try await ExternalProgram(url).run(arguments, deadline: .seconds(60), limit: tools)
        #expect(outcome.succeeded, "\(name) \(arguments): \(outcome.errorLines)")
        return String(decoding: outcome.output, as: UTF8.self)
    }

    /// At most two at a time.
    static let tools = ConcurrencyLimit(width: 2)

    /// A folder with a 5 s 640x360 clip with sound and a 2 s tone.
    static func folder() async throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("trailer-cli-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try await tool(
            "ffmpeg",
            [
                "-v", "error", "-f", "lavfi", "-i", "testsrc2=size=640x360:rate=25:duration=5", "-f", "lavfi", "-i",
                "sine=frequency=330:duration=5", "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p",
                "-c:a", "aac", "-shortest", folder.appendingPathComponent("clip.mp4").path,
            ])
        try await tool(
            "ffmpeg",
            [
                "-v", "error", "-f", "lavfi", "-i", "sine=frequency=550:duration=2",
                folder.appendingPathComponent("tone.wav").path,
            ])
        return folder
    }

    @Test func theFiveEditsFromTheCommandLine() async throws {
        let folder = try await Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("edited.mp4").path
        let run = try await CommandLineRun.finnkino(
            [
                "trailer", "edit", folder.appendingPathComponent("clip.mp4").path, "--trim", "1-4", "--rotate", "90",
                "--crop", "0,100,360,360", "--text", "Ensi-ilta: 'perjantaina'", "--music",
                folder.appendingPathComponent("tone.wav").path, "-o", output,
            ], dataDir: folder.appendingPathComponent("data"))
        #expect(run.exitCode == 0, "\(run.stderr)")
        #expect(run.stdout == "Saved to the library as 1: clip.mp4, 3 s, 360x360\nCopied to \(output)\n")
        let probe = try await Self.tool(
            "ffprobe",
            [
                "-v", "error", "-show_entries", "format=duration:stream=codec_type,width,height", "-of", "csv=p=0",
                output,
            ])
        #expect(probe.contains("video,360,360") && probe.contains("audio"), "\(probe)")
        let duration = try #require(Double(probe.split(separator: "\n").last ?? ""))
        #expect(abs(duration - 3) <= 0.1)
        // And the library lists it with its edits, its file the same bytes as the copy
        let list = try await CommandLineRun.finnkino(
            ["library", "--json"], dataDir: folder.appendingPathComponent("data"))
        let videos = try #require(try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [[String: Any]])
        #expect(videos.count == 1)
        #expect(
            videos.first?["edits"] as? [String] == [
                "Trim 1-4 s", "Rotate 90°", "Crop 360x360 at 0,100", "Text \"Ensi-ilta: 'perjantaina'\"",
                "Music tone.wav (mix, 80%)",
            ])
        let fileName = try #require(videos.first?["fileName"] as? String)
        let stored = folder.appendingPathComponent("data/videos/" + fileName)
        #expect(try Data(contentsOf: stored) == Data(contentsOf: URL(fileURLWithPath: output)))
    }

    @Test func aMoviesTrailerWithATuneIntoTheLibraryThenDeleted() async throws {
        let data = FileManager.default.temporaryDirectory.appendingPathComponent("trailer-cli-\(UUID())")
        defer { try? FileManager.default.removeItem(at: data) }
        // Given a movie of the bundled dataset (its clip is 4 s, 480x270)
        let movies = try await CommandLineRun.finnkino(["movies", "--json"], dataDir: data)
        let list = try #require(try JSONSerialization.jsonObject(with: Data(movies.stdout.utf8)) as? [[String: Any]])
        let id = try #require(list.first?["id"] as? Int)
        let title = try #require(list.first?["title"] as? String)
        // When its trailer is turned and given our own tune instead of its sound
        let run = try await CommandLineRun.finnkino(
            ["trailer", "edit", String(id), "--rotate", "180", "--music", "valssi", "--replace-sound"], dataDir: data)
        #expect(run.exitCode == 0, "\(run.stderr)")
        #expect(run.stdout == "Saved to the library as 1: \(title), 4 s, 480x270\n")
        // Then the library lists it, with a thumbnail frame beside the video
        let library = try await CommandLineRun.finnkino(["library"], dataDir: data)
        #expect(library.stdout.contains("Videos: 1") && library.stdout.contains(" 1  \(title)"), "\(library.stdout)")
        let files = try FileManager.default.contentsOfDirectory(atPath: data.appendingPathComponent("videos").path)
        #expect(files.filter { $0.hasSuffix(".mp4") }.count == 1 && files.filter { $0.hasSuffix(".jpg") }.count == 1)
        // When it is deleted, Then the files go too, and deleting it again names the ID
        let deleted = try await CommandLineRun.finnkino(["library", "delete", "1"], dataDir: data)
        #expect(deleted.stdout == "Deleted 1: \(title).\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: data.appendingPathComponent("videos").path) == [])
        let again = try await CommandLineRun.finnkino(["library", "delete", "1"], dataDir: data)
        #expect(again.exitCode == 1 && again.stderr.contains("there is no video 1 in the library"))
    }

    @Test(arguments: [
        (["trailer", "edit", "999999"], "no movie has the ID 999999"),
        (["trailer", "edit", "CLIP", "--music", "humppa"], "not one of our tunes (aamu, takaa-ajo, valssi)"),
        (["library", "delete", "abc"], "The value 'abc' is invalid"),
    ])
    func badNamesAreRefused(arguments: [String], says: String) async throws {
        let folder = try await Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let clip = folder.appendingPathComponent("clip.mp4").path
        let run = try await CommandLineRun.finnkino(arguments.map { $0 == "CLIP" ? clip : $0 })
        #expect(run.exitCode != 0)
        #expect(run.stderr.contains(says), "\(run.stderr)")
    }

    @Test(arguments: [
        (["--trim", "4-1"], "start before its end", Int32(1)), (["--crop", "1,0,100,100"], "even", 1),
        (["--rotate", "45"], "--rotate is 90, 180 or 270", 64), (["--trim", "abc"], "--trim is START-END", 64),
        (["--music", "/etc/passwd"], "Music is an audio file", 1),
        (["--text", "two\nlines"], "one line of printable characters", 1),
    ])
    func badEditsAreOneLineAndSaveNothing(arguments: [String], says: String, exitCode: Int32) async throws {
        let folder = try await Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("never.mp4").path
        let run = try await CommandLineRun.finnkino(
            ["trailer", "edit", folder.appendingPathComponent("clip.mp4").path] + arguments + ["-o", output])
        #expect(run.exitCode == exitCode, "\(run.stderr)")
        #expect(run.stderr.contains(says), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: output))
    }

    @Test func aFileThatIsNotAVideoIsNamed() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("trailer-cli-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let text = folder.appendingPathComponent("notes.mp4")
        try Data("hello".utf8).write(to: text)
        for path in [text.path, folder.appendingPathComponent("missing.mp4").path] {
            let run = try await CommandLineRun.finnkino(["trailer", "edit", path, "-o", folder.path + "/out.mp4"])
            #expect(run.exitCode == 1)
            #expect(run.stderr.hasPrefix("Error: \(path) is not a video that can be edited"), "\(run.stderr)")
        }
    }
}
