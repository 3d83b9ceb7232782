import ArgumentParser
import Foundation

/// `finnkino-dataset --output Sources/FinnkinoKit/Bundled`
struct GenerateDatasetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "finnkino-dataset",
        abstract: "Writes the bundled offline Finnkino dataset (wire-format XML, artwork, manifest).")

    @Option(name: .shortAndLong, help: "The folder to write (its previous contents are replaced).")
    var output: String = "Sources/FinnkinoKit/Bundled"

    @Option(help: "The first day of the 14-day schedule window, yyyy-mm-dd.")
    var anchor: String = DatasetGenerator.defaultAnchor.iso

    @Option(help: "The seed of the content generator.")
    var seed: UInt64 = DatasetGenerator.defaultSeed

    @Flag(help: "Leave out the trailer clips and music tunes (they need ffmpeg, and most of the time).")
    var withoutClips = false

    func run() throws {
        guard let anchorDay = CalendarDay(iso: anchor) else {
            throw ValidationError("--anchor must be yyyy-mm-dd, got \(anchor)")
        }
        let started = Date()
        let summary = try DatasetGenerator(anchor: anchorDay, seed: seed, makesClips: !withoutClips)
            .generate(into: URL(fileURLWithPath: output, isDirectory: true))
        let seconds = Date().timeIntervalSince(started)
        print(
            "wrote \(summary.files) files, \(summary.bytes) bytes: \(summary.events) events, \(summary.shows) shows, "
                + "\(summary.news) news articles (\(String(format: "%.1f", seconds)) s)")
    }
}

GenerateDatasetCommand.main()
