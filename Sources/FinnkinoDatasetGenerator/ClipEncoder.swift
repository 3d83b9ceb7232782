import AppPatterns
import ExternalPrograms
import Foundation
import NIOConcurrencyHelpers

/// Makes the dataset's trailer clips and music tracks with ffmpeg: a slow pan over the event's
/// landscape poster with its title and a few seconds of seeded tones (H.264 + AAC in MP4), and
/// short tunes of our own (AAC in M4A) for the trailer editor's music menu.
///
/// ffmpeg runs with one thread and bit-exact flags, so one ffmpeg build always writes the same
/// bytes; another ffmpeg build or CPU may encode differently (the committed clips come from the one
/// `scripts/setup` installs, Debian 12's). Titles are drawn with the font file ``FontFile`` names,
/// never a font fontconfig picks, so the machine's fonts do not change the pictures.
struct ClipEncoder: Sendable {
    /// A tune of the music menu: its file name (without `.m4a`) and how it is played.
    struct Tune {
        var name: String
        /// Beats per second.
        var beatsPerSecond: Double
        /// Hertz, one per beat, repeated.
        var notes: [Int]
        /// A held low note under the melody, in hertz.
        var drone: Int
    }

    /// The music menu: three tunes of our own, 20 s each.
    static let tunes: [Tune] = [
        Tune(name: "aamu", beatsPerSecond: 2, notes: [392, 440, 523, 587, 523, 440], drone: 131),
        Tune(name: "takaa-ajo", beatsPerSecond: 6, notes: [220, 220, 262, 220, 294, 262, 220, 196], drone: 55),
        Tune(name: "valssi", beatsPerSecond: 3, notes: [330, 392, 392, 349, 440, 440], drone: 98),
    ]
    static let tuneSeconds = 20
    static let trailerSeconds = 4
    /// Pentatonic notes (hertz) the trailers' tones are drawn from.
    static let scale = [196, 220, 262, 294, 330, 392, 440, 523]

    /// What a trailer clip is made of.
    struct Trailer: Sendable {
        /// Where it goes in the dataset.
        var path: String
        /// The landscape poster (JPEG).
        var poster: Data
        var title: String
        var seed: UInt64
    }

    let ffmpeg: URL
    /// The font file of the titles.
    let font: String

    /// Every trailer, in order, encoded as many at a time as there are processors.
    func trailers(_ trailers: [Trailer]) throws -> [Data] {
        let results = NIOLockedValueBox([Result<Data, any Error>?](repeating: nil, count: trailers.count))
        DispatchQueue.concurrentPerform(iterations: trailers.count) { index in
            let trailer = trailers[index]
            let result = Result { try self.trailer(poster: trailer.poster, title: trailer.title, seed: trailer.seed) }
            results.withLockedValue { $0[index] = result }
        }
        return try results.withLockedValue { $0 }.map { try ($0 ?? .failure(ClipEncoderError("not encoded"))).get() }
    }

    /// The first `ffmpeg` on `PATH` with DejaVu Sans, or an error saying how to install them.
    static func find() throws -> ClipEncoder {
        guard let ffmpeg = Executables.find("ffmpeg") else {
            throw ClipEncoderError(
                "ffmpeg is needed for the trailer clips: sudo apt-get install ffmpeg (scripts/setup does it),"
                    + " or --without-clips")
        }
        guard let font = FontFile.dejaVuSans else {
            throw ClipEncoderError(
                "the trailer clips' titles need \(FontFile.dejaVuSansPath): sudo apt-get install fonts-dejavu-core"
                    + " (scripts/setup does it), or --without-clips")
        }
        return ClipEncoder(ffmpeg: ffmpeg, font: font)
    }

    /// A trailer: the poster panned and faded, the title at the bottom, two seeded tones.
    func trailer(poster: Data, title: String, seed: UInt64) throws -> Data {
        try inFolder { folder in
            let posterFile = folder.appendingPathComponent("poster.jpg")
            let titleFile = folder.appendingPathComponent("title.txt")
            try poster.write(to: posterFile)
            try Data(title.utf8).write(to: titleFile)
            let low = Self.scale[Int(seed % 4)]
            let high = Self.scale[4 + Int((seed >> 8) % 4)]
            let seconds = Self.trailerSeconds
            let tones =
                "aevalsrc=0.22*sin(2*PI*\(low)*t)*(0.7+0.3*sin(2*PI*0.5*t))"
                + "+0.12*sin(2*PI*\(high)*t)*exp(-3*mod(t\\,0.5)):s=44100"
            // The pan goes left to right or right to left by the seed.
            let x = seed & 1 == 0 ? "120*t/\(seconds)" : "120-120*t/\(seconds)"
            let video =
                "[0:v]scale=600:338,crop=480:270:x='\(x)':y='34',"
                + "drawtext=textfile=\(titleFile.path):expansion=none:fontfile=\(font):fontsize=26:fontcolor=white"
                + ":borderw=2:bordercolor=black@0.6:x=(w-text_w)/2:y=h-text_h-18,"
                + "fade=in:st=0:d=0.5,fade=out:st=\(seconds - 1).5:d=0.5,format=yuv420p[v]"
            let audio = "[1:a]afade=in:d=0.3,afade=out:st=\(seconds - 1).5:d=0.5[a]"
            return try encode(
                inputs: [
                    "-loop", "1", "-framerate", "24", "-t", "\(seconds)", "-i", posterFile.path,
                    "-f", "lavfi", "-t", "\(seconds)", "-i", tones,
                ],
                filters: video + ";" + audio, maps: ["[v]", "[a]"],
                codecs: ["-c:v", "libx264", "-preset", "slow", "-crf", "30", "-x264-params", "threads=1"],
                container: "mp4", in: folder)
        }
    }

    /// A tune: plucked notes, one per beat, over a held low note.
    func music(_ tune: Tune) throws -> Data {
        try inFolder { folder in
            // The note of beat n is notes[n % count], chosen with nested if()s of the beat number.
            let beat = "mod(floor(t*\(tune.beatsPerSecond))\\,\(tune.notes.count))"
            var frequency = String(tune.notes.last ?? 440)
            for (index, note) in tune.notes.enumerated().dropLast().reversed() {
                frequency = "if(eq(\(beat)\\,\(index))\\,\(note)\\,\(frequency))"
            }
            let phase = "mod(t\\,\(1 / tune.beatsPerSecond))"
            let melody = "0.3*sin(2*PI*\(frequency)*t)*(1-exp(-80*\(phase)))*exp(-5*\(phase))"
            let source = "aevalsrc=\(melody)+0.12*sin(2*PI*\(tune.drone)*t):s=44100"
            return try encode(
                inputs: ["-f", "lavfi", "-t", "\(Self.tuneSeconds)", "-i", source],
                filters: "[0:a]afade=in:d=0.5,afade=out:st=\(Self.tuneSeconds - 2):d=2[a]", maps: ["[a]"],
                codecs: [], container: "ipod", in: folder)
        }
    }

    private func encode(
        inputs: [String], filters: String, maps: [String], codecs: [String], container: String, in folder: URL
    ) throws -> Data {
        let output = folder.appendingPathComponent("out")
        var arguments = ["-hide_banner", "-nostdin", "-loglevel", "error", "-y", "-threads", "1"] + inputs
        arguments += ["-filter_complex", filters, "-filter_complex_threads", "1", "-filter_threads", "1"]
        for map in maps { arguments += ["-map", map] }
        arguments += codecs
        arguments += ["-c:a", "aac", "-b:a", "48k", "-ac", "1", "-threads", "1"]
        arguments += ["-fflags", "+bitexact", "-flags:v", "+bitexact", "-flags:a", "+bitexact", "-map_metadata", "-1"]
        arguments += ["-movflags", "+faststart", "-f", container, output.path]
        let process = Process()
        process.executableURL = ffmpeg
        process.arguments = arguments
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let said = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw ClipEncoderError("ffmpeg failed: \(String(decoding: said, as: UTF8.self))")
        }
        return try Data(contentsOf: output)
    }

    private func inFolder<T>(_ body: (URL) throws -> T) throws -> T {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("finnkino-clip-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        return try body(folder)
    }
}

struct ClipEncoderError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
