import AppPatterns
import ArgumentParser
import FinnkinoKit
import Foundation
import Logging
import Storage

/// Options every command takes.
struct GlobalOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Where data comes from: bundled (offline), live (finnkino.fi), or a URL of a server with the same API.",
            valueName: "bundled|live|URL"))
    var source: String = "bundled"

    @Option(help: "Content language.")
    var language: ContentLanguage = .fi

    @Option(
        help: ArgumentHelp("Folder for the cache and saved state (default: $XDG_DATA_HOME/finnkino).", valueName: "dir")
    )
    var dataDir: String?

    @Flag(help: "Print JSON instead of text (its schema per command: docs/json/).")
    var json = false

    @Flag(help: "Print JSON Lines: one JSON object a line; a list one item a line, as it is written.")
    var jsonLines = false

    /// How results are written.
    var outputFormat: Output.Format { jsonLines ? .jsonLines : json ? .json : .text }

    func validate() throws {
        if json && jsonLines { throw ValidationError("choose one of --json and --json-lines") }
        guard DataSource(argument: source) != nil else {
            throw ValidationError("--source must be bundled, live, or an http(s) URL, not \"\(source)\"")
        }
    }

    /// The folder of the cache, saved state, bookmarks and video library.
    var dataDirectory: URL { DataDirectory.resolve(appName: "finnkino", override: dataDir) }

    /// The store for these options. Opening it touches no network.
    /// The feeds of `--source` in `--language`; their answers kept in `sharedCache` when given
    /// (`serve --database`), in the data folder otherwise.
    func makeStore(sharedCache: (@Sendable (String) throws -> any PayloadCache)? = nil) throws -> FeedStore {
        guard let dataSource = DataSource(argument: source) else {
            throw ValidationError("--source must be bundled, live, or an http(s) URL, not \"\(source)\"")
        }
        return try FeedStore.make(
            source: dataSource, language: language, caches: payloadCaches(sharedFeeds: sharedCache))
    }

    /// A file per source in the data folder's `cache` (large pages for the feeds' bodies), or the
    /// feeds in `sharedFeeds`; the international lists' services always in files of their own.
    func payloadCaches(sharedFeeds: (@Sendable (String) throws -> any PayloadCache)?) -> PayloadCaches {
        let folder = dataDirectory.appendingPathComponent("cache", isDirectory: true)
        let logger = Logger(label: "finnkino")
        return PayloadCaches(
            feeds: { name -> any PayloadCache in
                if let sharedFeeds { return try sharedFeeds(name) }
                return try SQLitePayloadCache(
                    directory: folder, fileName: "\(name).sqlite", pageSize: 65_536, logger: logger)
            },
            charts: { name -> any PayloadCache in
                (try? SQLitePayloadCache(directory: folder, fileName: "\(name).sqlite", logger: logger))
                    ?? InMemoryPayloadCache()
            })
    }
}

extension GlobalOptions {
    /// Global options that take a value.
    static let valueOptions: Set<String> = ["--source", "--language", "--data-dir"]
    static let flags: Set<String> = ["--json", "--json-lines"]

    /// `[--source x, movies, --area y]` → `[movies, --area y, --source x]`. Anything else before
    /// the subcommand (help, version, an unknown option) is left where it is.
    static func movedAfterSubcommand(_ arguments: [String]) -> [String] {
        var leading: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            let name = argument.split(separator: "=", maxSplits: 1).first.map(String.init) ?? argument
            if valueOptions.contains(name) {
                let takesNext = !argument.contains("=") && index + 1 < arguments.count
                leading.append(contentsOf: arguments[index...(takesNext ? index + 1 : index)])
                index += takesNext ? 2 : 1
            } else if flags.contains(argument) {
                leading.append(argument)
                index += 1
            } else {
                break
            }
        }
        guard !leading.isEmpty, index < arguments.count, !arguments[index].hasPrefix("-") else { return arguments }
        return [arguments[index]] + arguments[(index + 1)...] + leading
    }
}

extension ContentLanguage: ExpressibleByArgument {}
