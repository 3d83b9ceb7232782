import Foundation
import Testing

/// `finnkino trailer edit`, end to end: a real clip, the five edits, ffprobe on the result.
@Suite(.timeLimit(.minutes(3))) struct TrailerCLITests {
    /// Runs ffmpeg or ffprobe to completion; returns its standard output.
    @discardableResult
    static func tool(_ name: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [name] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(name) \(arguments)")
        return String(decoding: data, as: UTF8.self)
    }

    /// A folder with a 5 s 640x360 clip with sound and a 2 s tone.
    static func folder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("trailer-cli-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try tool(
            "ffmpeg",
            [
                "-v", "error", "-f", "lavfi", "-i", "testsrc2=size=640x360:rate=25:duration=5", "-f", "lavfi", "-i",
                "sine=frequency=330:duration=5", "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p",
                "-c:a", "aac", "-shortest", folder.appendingPathComponent("clip.mp4").path,
            ])
        try tool(
            "ffmpeg",
            [
                "-v", "error", "-f", "lavfi", "-i", "sine=frequency=550:duration=2",
                folder.appendingPathComponent("tone.wav").path,
            ])
        return folder
    }

    @Test func theFiveEditsFromTheCommandLine() async throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("edited.mp4").path
        let run = try await CommandLineRun.finnkino(
            [
                "trailer", "edit", folder.appendingPathComponent("clip.mp4").path, "--trim", "1-4", "--rotate", "90",
                "--crop", "0,100,360,360", "--text", "Ensi-ilta: 'perjantaina'", "--music",
                folder.appendingPathComponent("tone.wav").path, "-o", output,
            ])
        #expect(run.exitCode == 0, "\(run.stderr)")
        #expect(run.stdout == "Saved \(output): 3 s, 360x360\n")
        let probe = try Self.tool(
            "ffprobe",
            [
                "-v", "error", "-show_entries", "format=duration:stream=codec_type,width,height", "-of", "csv=p=0",
                output,
            ])
        #expect(probe.contains("video,360,360") && probe.contains("audio"), "\(probe)")
        let duration = try #require(Double(probe.split(separator: "\n").last ?? ""))
        #expect(abs(duration - 3) <= 0.1)
    }

    @Test(arguments: [
        (["--trim", "4-1"], "start before its end", Int32(1)), (["--crop", "1,0,100,100"], "even", 1),
        (["--rotate", "45"], "--rotate is 90, 180 or 270", 64), (["--trim", "abc"], "--trim is START-END", 64),
        (["--music", "/tmp/song.txt"], "Music is an audio file", 1),
        (["--text", "two\nlines"], "one line of printable characters", 1),
    ])
    func badEditsAreOneLineAndSaveNothing(arguments: [String], says: String, exitCode: Int32) async throws {
        let folder = try Self.folder()
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
