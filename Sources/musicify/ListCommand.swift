import AppPatterns
import ArgumentParser
import Foundation
import MusicifyKit

/// `musicify list`: the chart as the screen shows it, as text or JSON.
struct ListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "Print the latest songs: rank, name, artist and year.")

    @OptionGroup var options: ScreenOptions

    @Option(help: "The order the person chooses on the screen: the chart's, or by artist.")
    var sort: SongSortOrder = .chart

    @Flag(help: "Print the screen's rows as JSON instead of text.")
    var json = false

    func run() async throws {
        let rows = try await Self.rows(options.architecture, try options.dataSource(), sort)
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            print(String(decoding: try encoder.encode(rows), as: UTF8.self))
        } else if rows.isEmpty {
            print("The chart has no songs right now.")
        } else {
            print(ChartText.render(rows))
        }
    }

    @MainActor
    private static func rows(_ architecture: Architecture, _ source: DataSource, _ order: SongSortOrder)
        async throws -> [SongListCanvas.Row]
    {
        try await ChartVisit(architecture: architecture, source: source).loadedState(sortedBy: order).rows
    }
}
