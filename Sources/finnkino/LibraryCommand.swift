import ArgumentParser
import FinnkinoKit
import FinnkinoStores
import Foundation

/// `finnkino library [list|delete ID]`: the edited videos, shared with the web app's Library page
/// (the same folder and database in the data directory).
struct LibraryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "library", abstract: "List and delete the edited videos.",
        subcommands: [List.self, Delete.self], defaultSubcommand: List.self)

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list", abstract: "List the videos, newest first, with their files.")

        @OptionGroup var global: GlobalOptions

        func run() async throws {
            let library = try LibraryCommand.open(global)
            let videos: [LibraryVideo]
            do { videos = try library.all() } catch { throw CommandFailure(error.description) }
            let output = Output(global)
            if output.isJSON { return try await output.list(videos) }
            guard !videos.isEmpty else {
                return output.text("No videos. Make one with `finnkino trailer edit ID|FILE …`.")
            }
            var table = TextColumns([
                .init(title: "ID", alignRight: true), .init(title: "Title", flexible: true),
                .init(title: "Length", alignRight: true), .init(title: "Size"), .init(title: "Made"),
            ])
            for video in videos {
                table.append([
                    String(video.id), video.title, TimeRange.seconds(video.duration) + " s", video.size.description,
                    Terminal.format.date(HelsinkiTime.localDate(of: video.createdAt)),
                ])
            }
            output.text(
                "Videos: \(videos.count)\n\n" + table.render() + "\n\nFiles (<uuid>.mp4): \(library.folder.path)")
        }
    }

    struct Delete: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "delete", abstract: "Delete a video and its file.")

        @OptionGroup var global: GlobalOptions

        @Argument(help: "The video's ID (from `finnkino library`).")
        var id: Int64

        func run() throws {
            let library = try LibraryCommand.open(global)
            do {
                guard let video = try library.video(id: id, of: .local) else {
                    throw CommandFailure("there is no video \(id) in the library (see `finnkino library`)")
                }
                try library.delete(id: id, of: .local)
                print("Deleted \(video.id): \(video.title).")
            } catch let error as VideoLibraryError {
                throw CommandFailure(error.description)
            }
        }
    }

    static func open(_ global: GlobalOptions) throws -> VideoLibrary {
        do { return try SQLiteVideoLibrary(dataDirectory: global.dataDirectory) } catch {
            throw CommandFailure(error.description)
        }
    }
}
