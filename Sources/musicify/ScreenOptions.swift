import AppPatterns
import ArgumentParser
import MusicifyKit

/// The options of every command: which architecture builds the screen, and where the chart comes
/// from.
struct ScreenOptions: ParsableArguments {
    @Option(help: "The architecture that builds the screen.")
    var architecture: Architecture = .mvc

    @Option(
        help: ArgumentHelp(
            "Where the chart comes from: bundled (offline), live (Apple's chart), or the URL of a server "
                + "with the same layout.",
            valueName: "bundled|live|URL"))
    var source = "bundled"

    func validate() throws {
        _ = try dataSource()
    }

    /// The source `--source` names.
    func dataSource() throws -> DataSource {
        guard let source = DataSource(argument: source) else {
            throw ValidationError("--source must be bundled, live, or an http(s) URL, not \"\(source)\"")
        }
        return source
    }
}

extension Architecture: ExpressibleByArgument {}

extension SongSortOrder: ExpressibleByArgument {}
