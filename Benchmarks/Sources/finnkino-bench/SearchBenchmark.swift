import AppPatterns
import ArgumentParser
import FinnkinoKit
import Foundation

/// `finnkino-bench search`: title search over many titles, one search per keystroke, with
/// FinnkinoKit's `TitleIndex` and, in the same run, the search a Swift developer would write first
/// (`range(of:options: [.caseInsensitive, .diacriticInsensitive])` over every title).
struct SearchBenchmark: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "search", abstract: "Search titles keystroke by keystroke with each approach.")

    @Option(help: "How many titles to search.")
    var titles = 10_000

    @Option(help: "How many queries are typed, one keystroke at a time, per scope.")
    var queries = 300

    func run() throws {
        var random = SplitMix64(seed: 2026)
        let corpus = (0..<titles).map { _ in Self.title(&random) }
        let pairs = corpus.map { (title: $0, original: Self.title(&random)) }
        let typed = (0..<queries).map { _ in Self.query(from: corpus.randomElement(using: &random) ?? "a", &random) }
        let keystrokes = typed.flatMap { query in (1...query.count).map { String(query.prefix($0)) } }

        let clock = ContinuousClock()
        let buildStart = clock.now
        let index = TitleIndex(pairs) { ($0.title, $0.original) }
        let buildTime = clock.now - buildStart
        print("\(titles) titles, \(queries) queries typed key by key = \(keystrokes.count) searches per scope")
        print("TitleIndex built in \(String(format: "%.1f", Self.milliseconds(buildTime))) ms\n")
        print(
            Self.pad("approach", 44) + Self.pad("p50 µs", 10) + Self.pad("p99 µs", 10) + Self.pad("max µs", 10)
                + "results")

        for scope in SearchScope.allCases {
            var found = 0
            let ours = Self.measure(keystrokes) { found += index.search($0, scope: scope).count }
            Self.report("TitleIndex, \(scope.rawValue)", ours, found)

            var naiveFound = 0
            let options: String.CompareOptions = [.caseInsensitive, .diacriticInsensitive]
            let naive = Self.measure(keystrokes) { query in
                naiveFound +=
                    pairs.filter { pair in
                        scope == .contains
                            ? pair.title.range(of: query, options: options) != nil
                                || pair.original.range(of: query, options: options) != nil
                            : pair.title.range(of: query, options: options.union(.anchored)) != nil
                                || pair.original.range(of: query, options: options.union(.anchored)) != nil
                    }.count
            }
            Self.report("String.range(of:options:), \(scope.rawValue)", naive, naiveFound)
        }
    }

    static func measure(_ keystrokes: [String], _ body: (String) -> Void) -> [Double] {
        let clock = ContinuousClock()
        return keystrokes.map { query in
            let start = clock.now
            body(query)
            return milliseconds(clock.now - start) * 1000
        }
        .sorted()
    }

    static func report(_ name: String, _ sorted: [Double], _ results: Int) {
        func percentile(_ p: Double) -> Double { sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))] }
        print(
            pad(name, 44) + pad(String(format: "%.1f", percentile(0.5)), 10)
                + pad(String(format: "%.1f", percentile(0.99)), 10)
                + pad(String(format: "%.1f", sorted.last ?? 0), 10) + String(results))
    }

    static func milliseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
    }

    static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
    }

    /// Finnish-looking titles of two to four words, some with ä, ö, å.
    static let syllables = [
        "ka", "lo", "mi", "sä", "tu", "vö", "re", "an", "ni", "ja", "hå", "pe", "dyy", "äi", "ti", "ku", "ol", "es",
    ]

    static func title(_ random: inout SplitMix64) -> String {
        (0..<Int.random(in: 2...4, using: &random)).map { _ in
            let word = (0..<Int.random(in: 2...4, using: &random)).map { _ in
                syllables.randomElement(using: &random) ?? "a"
            }.joined()
            return word.prefix(1).uppercased() + word.dropFirst()
        }
        .joined(separator: " ")
    }

    /// A piece of a real title, typed without accents half of the time (as people do).
    static func query(from title: String, _ random: inout SplitMix64) -> String {
        let words = title.split(separator: " ")
        let word = String(words.randomElement(using: &random) ?? "a")
        let piece = String(word.prefix(Int.random(in: 2...max(2, word.count), using: &random)))
        return Bool.random(using: &random)
            ? piece.folding(options: .diacriticInsensitive, locale: nil) : piece.lowercased()
    }
}
