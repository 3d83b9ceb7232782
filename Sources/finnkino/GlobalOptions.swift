import AppPatterns
import ArgumentParser
import FinnkinoKit
import Foundation

/// Options every command takes.
struct GlobalOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Where data comes from: bundled (offline), live (finnkino.fi), or a URL of a server with the same API.",
            valueName: "bundled|live|URL"))
    var source: String = "bundled"

    @Option(help: "Content language.")
    var language: ContentLanguage = .fi

    @Option(help: ArgumentHelp("Folder for the cache and saved state (default: $XDG_DATA_HOME/finnkino).", valueName: "dir"))
    var dataDir: String?

    @Flag(help: "Print JSON instead of text.")
    var json = false

    func validate() throws {
        guard DataSource(argument: source) != nil else {
            throw ValidationError("--source must be bundled, live, or an http(s) URL, not \"\(source)\"")
        }
    }

    /// The store for these options. Opening it touches no network.
    func makeStore() throws -> FeedStore {
        guard let dataSource = DataSource(argument: source) else {
            throw ValidationError("--source must be bundled, live, or an http(s) URL, not \"\(source)\"")
        }
        let directory = DataDirectory.resolve(appName: "finnkino", override: dataDir)
        return try FeedStore.make(source: dataSource, language: language, dataDirectory: directory)
    }
}

extension ContentLanguage: ExpressibleByArgument {}
