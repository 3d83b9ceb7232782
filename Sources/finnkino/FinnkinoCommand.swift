import ArgumentParser
import Foundation

/// `finnkino`: the Finnkino movie companion on the command line.
@main
struct FinnkinoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "finnkino",
        abstract: "An unofficial companion for Finnkino cinemas: movies, showtimes and news.",
        discussion: """
            Works offline on a bundled dataset (dates moved to today) unless --source says otherwise.
            Areas can be named as you would write them: helsinki, Tampere, omena, 1002.
            """,
        subcommands: [
            ServeCommand.self, AreasCommand.self, MoviesCommand.self, MovieCommand.self, ShowtimesCommand.self,
            ShowCommand.self,
            NewsCommand.self, BookmarksCommand.self, TrailerCommand.self, LibraryCommand.self, ChartsCommand.self,
            DevicesCommand.self, WatchlistCommand.self, MigrateCommand.self,
        ],
        defaultSubcommand: ServeCommand.self
    )

    /// Global options may come before the subcommand (`finnkino --source live movies`) as well as
    /// after it; ArgumentParser reads them after it, so they are moved there.
    ///
    /// Everything the program writes (databases, secrets, videos, their folders) is its owner's
    /// alone: a person's data is nobody else's on the machine either (umask 077).
    static func main() async {
        umask(0o077)
        var arguments = GlobalOptions.movedAfterSubcommand(Array(CommandLine.arguments.dropFirst()))
        do {
            arguments = try ServeEnvironment.appliedIfServing(
                arguments, environment: ProcessInfo.processInfo.environment)
        } catch {
            exit(withError: error)
        }
        await main(arguments)
    }
}
