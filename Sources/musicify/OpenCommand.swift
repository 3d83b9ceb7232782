import AppPatterns
import ArgumentParser
import Foundation
import MusicifyKit

/// `musicify open ID`: selects a song on the screen, as a person would, and prints the page the
/// screen opens.
struct OpenCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "open", abstract: "Select a song of the chart and print the address of its page.")

    @Argument(help: "The song's ID (see `musicify list --json`).")
    var id: String

    @OptionGroup var options: ScreenOptions

    func run() async throws {
        print(try await Self.open(id, options.architecture, try options.dataSource()).absoluteString)
    }

    @MainActor
    private static func open(_ id: String, _ architecture: Architecture, _ source: DataSource) async throws -> URL {
        let chart = try ChartVisit(architecture: architecture, source: source)
        _ = try await chart.loadedState()
        switch await chart.visit.select(id: id) {
        case .opened(let page):
            // The bundled chart's pages exist only in the web app: say where (on standard error,
            // so that standard output stays the address alone).
            if page.host == BundledSongsTransport.host {
                standardError(
                    "An invented song of the bundled chart: `musicify serve` shows its page at /bundled\(page.path).")
            }
            return page
        case .noSuchSong:
            standardError("No song with ID \(id) is in the chart (see musicify list --json).")
        case .nothingOpened:
            standardError("The screen opened no page for song \(id).")
        }
        throw ExitCode.failure
    }
}
