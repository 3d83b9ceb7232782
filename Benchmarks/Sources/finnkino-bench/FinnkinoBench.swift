import ArgumentParser

/// Benchmarks of the Finnkino package. Each measurement is a subcommand, so others can be added
/// (title search, ...) without touching this one.
@main
struct FinnkinoBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "finnkino-bench",
        abstract: "Benchmarks of the Finnkino package (build with -c release).",
        subcommands: [
            DecodeBenchmark.self, SearchBenchmark.self, BookmarksBenchmark.self, ImagesBenchmark.self,
            TrailerExportBenchmark.self, HTMLBenchmark.self,
        ])
}
