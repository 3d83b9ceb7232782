import ArgumentParser
import FinnkinoKit
import FinnkinoStores
import Foundation
import NIOConcurrencyHelpers

#if canImport(Glibc)
    import Glibc
#endif

/// `finnkino trailer edit FILE …`: the trailer editor's five edits on the command line, exported
/// with ffmpeg in one pass, with a progress bar.
struct TrailerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "trailer", abstract: "Edit a video: trim, rotate, crop, add text and music.",
        subcommands: [Edit.self, Music.self], defaultSubcommand: Edit.self)

    /// `finnkino trailer music`: the tunes `--music` takes by name.
    struct Music: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "music", abstract: "List the music tunes of our own.")

        func run() throws {
            for tune in try BundledMedia.bundled().tunes { print(tune.name) }
        }
    }

    struct Edit: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "edit",
            abstract: "Edit a movie's trailer or a video file; the result goes to the video library as MP4.",
            discussion: """
                Edits apply in this order: trim, rotate, crop (in the rotated picture), text, music.
                Examples: finnkino trailer edit 14001 --trim 0.5-3.5 --rotate 90 --crop 0,100,270,270 \\
                  --text "Ensi-ilta perjantaina" --music aamu
                  finnkino trailer edit clip.mp4 --rotate 180 --music theme.mp3 -o edited.mp4
                """)

        @Argument(help: "A movie's ID (its bundled trailer) or a video file.")
        var video: String

        @Option(help: "Keep only START-END, in seconds (1.5-6).")
        var trim: String?

        @Option(help: "Turn the picture clockwise: 90, 180 or 270.")
        var rotate: Int?

        @Option(help: "Keep the rectangle X,Y,W,H of the (rotated) picture, in pixels; even numbers.")
        var crop: String?

        @Option(help: "Words to burn into the picture (shown the whole time).")
        var text: String?

        @Option(help: "Where the text goes: top, center or bottom.")
        var textPosition: String = "bottom"

        @Option(help: "The text's size in pixels.")
        var textSize = 48

        @Option(help: "The text's colour, #RRGGBB.")
        var textColour = "#FFFFFF"

        @Option(help: "Music under the picture: a tune of our own (aamu, takaa-ajo, valssi) or an audio file.")
        var music: String?

        @Option(help: "The music's volume in percent.")
        var musicVolume = 80

        @Flag(help: "Use the music instead of the video's own sound (by default they are mixed).")
        var replaceSound = false

        @Option(
            name: [.customShort("o"), .long],
            help: "Also save the MP4 here (it always goes to the library: finnkino library).")
        var output: String?

        @OptionGroup var global: GlobalOptions

        func validate() throws {
            if let trim, Self.range(trim) == nil { throw ValidationError("--trim is START-END in seconds, like 1.5-6") }
            if let rotate, Rotation(rawValue: rotate) == nil || rotate == 0 {
                throw ValidationError("--rotate is 90, 180 or 270")
            }
            if let crop, Self.rect(crop) == nil {
                throw ValidationError("--crop is X,Y,W,H in pixels, like 0,280,720,720")
            }
            guard TextOverlay.Position(rawValue: textPosition) != nil else {
                throw ValidationError("--text-position is top, center or bottom")
            }
            guard (0...100).contains(musicVolume) else { throw ValidationError("--music-volume is 0 to 100") }
        }

        func run() async throws {
            let source = try await openSource()
            var menu = EditMenu(source: source)
            do {
                if let trim, let range = Self.range(trim) { try menu.trim(range) }
                if let rotate, let rotation = Rotation(rawValue: rotate) { try menu.rotate(rotation) }
                if let crop, let rect = Self.rect(crop) { try menu.crop(rect) }
                if let text {
                    try menu.addText(
                        TextOverlay(
                            text: text, position: TextOverlay.Position(rawValue: textPosition) ?? .bottom,
                            size: textSize, colour: textColour,
                            time: TimeRange(start: 0, end: menu.composition.duration)))
                }
                if let music { try menu.addMusic(try track(music)) }
            } catch {
                throw CommandFailure(error.description)
            }
            let library: VideoLibrary
            do {
                library = try SQLiteVideoLibrary(dataDirectory: global.dataDirectory)
            } catch {
                throw CommandFailure(error.description)
            }
            let file = library.newVideoFile()
            let bar = ProgressBar()
            do {
                try await TrailerExporter().export(menu.composition, to: file) { share in bar.show(share) }
            } catch {
                bar.finish()
                throw CommandFailure(error.description)
            }
            bar.finish()
            let video: LibraryVideo
            do {
                video = try await library.add(file, title: source.title, edits: menu.edits.map(\.summary), for: .local)
            } catch {
                throw CommandFailure(error.description)
            }
            print(
                "Saved to the library as \(video.id): \(video.title), \(TimeRange.seconds(video.duration)) s, "
                    + "\(video.size)")
            if let output {
                do {
                    try? FileManager.default.removeItem(atPath: output)
                    try FileManager.default.copyItem(at: library.file(of: video), to: URL(fileURLWithPath: output))
                } catch {
                    throw CommandFailure("cannot write \(output): \(error.localizedDescription)")
                }
                print("Copied to \(output)")
            }
        }

        /// A movie's bundled trailer (an ID that is not a file's name), or a video file.
        private func openSource() async throws -> VideoSource {
            var path = video
            var title: String?
            if let id = Int(video), !FileManager.default.fileExists(atPath: video) {
                let movie = try await global.makeStore().movie(id: id)
                guard let clip = try? BundledMedia.bundled().trailer(of: movie) else {
                    let online = movie.videos.compactMap(\.watchURL).first {
                        ["http", "https"].contains($0.scheme ?? "")
                    }
                    throw CommandFailure(
                        "\(movie.title) has no trailer file to edit"
                            + (online.map {
                                ": its trailer is online at \($0.absoluteString); save it and pass the file"
                            }
                                ?? ""))
                }
                path = clip.path
                title = movie.title
            }
            do {
                return try await VideoProbe.source(path, title: title)
            } catch {
                throw CommandFailure(error.description)
            }
        }

        /// A tune of the music menu by name, or an audio file.
        private func track(_ music: String) throws(EditError) -> MusicTrack {
            let mode: MusicTrack.Mode = replaceSound ? .replace : .mix
            let volume = Double(musicVolume) / 100
            if !FileManager.default.fileExists(atPath: music) {
                let media = try? BundledMedia.bundled()
                guard let tune = media?.tune(named: music) else {
                    throw EditError(
                        "--music \(music): no such file, and not one of our tunes ("
                            + (media?.tunes ?? []).map(\.name).joined(separator: ", ") + ")")
                }
                return MusicTrack(path: tune.file.path, name: tune.name, mode: mode, volume: volume)
            }
            return MusicTrack(
                path: music, name: URL(fileURLWithPath: music).lastPathComponent, mode: mode, volume: volume)
        }

        static func range(_ text: String) -> TimeRange? {
            let parts = text.split(separator: "-", omittingEmptySubsequences: false)
            guard parts.count == 2, let start = Double(parts[0]), let end = Double(parts[1]) else { return nil }
            return TimeRange(start: start, end: end)
        }

        static func rect(_ text: String) -> CropRect? {
            let numbers = text.split(separator: ",", omittingEmptySubsequences: false).map { Int($0) }
            guard numbers.count == 4, let x = numbers[0], let y = numbers[1], let width = numbers[2],
                let height = numbers[3]
            else { return nil }
            return CropRect(x: x, y: y, width: width, height: height)
        }
    }
}

/// A progress bar on standard error, redrawn in place, when standard error is a terminal.
final class ProgressBar: Sendable {
    private let drawn = NIOLockedValueBox(-1)
    private let isTerminal = isatty(STDERR_FILENO) == 1

    func show(_ share: Double) {
        guard isTerminal else { return }
        let percent = Int((share * 100).rounded(.down))
        guard
            drawn.withLockedValue({ previous in
                defer { previous = percent }
                return previous != percent
            })
        else { return }
        let width = 30
        let filled = percent * width / 100
        let line =
            "\r[" + String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
            + "] \(percent)%"
        FileHandle.standardError.write(Data(line.utf8))
    }

    func finish() {
        guard isTerminal, drawn.withLockedValue({ $0 }) >= 0 else { return }
        FileHandle.standardError.write(Data("\n".utf8))
    }
}
