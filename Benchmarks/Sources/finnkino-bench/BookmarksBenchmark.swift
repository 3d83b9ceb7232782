import AppPatterns
import ArgumentParser
import FinnkinoKit
import FinnkinoPresentation
import FinnkinoStores
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// `finnkino-bench bookmarks`: a large bookmark list on disk: inserting it, reading it (cached,
/// and after another connection changed it) and building the Bookmarks screen over the bundled
/// dataset; peak RSS of this process before and after.
struct BookmarksBenchmark: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bookmarks", abstract: "Insert many bookmarks, then time all() and the Bookmarks screen's load.")

    @Option(help: "How many bookmarks.")
    var count = 1_000

    @Option(help: "Timed runs of each read (p50 and p99 are reported).")
    var runs = 50

    func run() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bench-bookmarks-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let today = HelsinkiTime.today()
        let store = FeedStore(
            webService: WebService(transport: try BundledTransport(), cache: InMemoryPayloadCache()))
        var listed: [Event] = []
        for list in EventListType.allCases { listed += try await store.movies(list).value }
        let rssBefore = Self.peakRSS()

        // Every listed movie, then made-up IDs that no list has ("Not showing").
        let start = Date()
        let bookmarks = (0..<count).map { index in
            let date = start.addingTimeInterval(Double(index))
            if index < listed.count { return Bookmark(listed[index], addedAt: date) }
            return Bookmark(
                movieID: 10_000_000 + index, title: "Bookmark \(index)", originalTitle: "Bookmark \(index)",
                posterURL: nil, addedAt: date)
        }
        let bookmarkStore = try SQLiteBookmarkStore(dataDirectory: folder)
        let clock = ContinuousClock()
        let insertStart = clock.now
        for bookmark in bookmarks { try bookmarkStore.add(bookmark) }
        let insertTime = clock.now - insertStart

        let cached = Self.measure(runs) { _ = bookmarkStore.all() }
        // Another connection (as the CLI while the server runs) changes the file before each read.
        let other = try SQLiteBookmarkStore(dataDirectory: folder)
        let extra = Bookmark(movieID: 1, title: "Extra", originalTitle: "Extra", posterURL: nil, addedAt: start)
        var changed: [Double] = []
        for run in 0..<runs {
            if run % 2 == 0 { try other.add(extra) } else { try other.remove(movieIDs: [1]) }
            changed += Self.measure(1) { _ = bookmarkStore.all() }
        }
        var viewModel = BookmarksViewModel(store: store, bookmarks: bookmarkStore, strings: .english)
        await viewModel.load()  // warm-up: the schedules are decoded and cached once
        var loads: [Double] = []
        for _ in 0..<runs {
            let begin = clock.now
            await viewModel.load()
            loads.append(Self.milliseconds(clock.now - begin))
        }
        let rows = viewModel.outputs.rows
        let withShow = rows.filter { $0.nextShow != nil }.count
        let rssAfter = Self.peakRSS()

        print("\(count) bookmarks (\(min(count, listed.count)) listed movies), \(today), area Helsinki, \(runs) runs\n")
        print("| measurement | p50 ms | p99 ms |")
        print("|---|---:|---:|")
        print(
            "| insert, one transaction each (mean per bookmark) | "
                + Self.format(Self.milliseconds(insertTime) / Double(max(count, 1))) + " | – |")
        print("| `all()`, nothing changed (one `PRAGMA data_version`) | \(Self.percentiles(cached)) |")
        print("| `all()` after another connection changed the file | \(Self.percentiles(changed.sorted())) |")
        print(
            "| `BookmarksViewModel.load()` (\(rows.count) rows, \(withShow) with a next show) | \(Self.percentiles(loads.sorted())) |"
        )
        print(
            "\nPeak RSS: \(rssBefore / 1_048_576) MiB after loading the bundled lists, "
                + "\(rssAfter / 1_048_576) MiB at the end")
    }

    static func measure(_ runs: Int, _ body: () -> Void) -> [Double] {
        let clock = ContinuousClock()
        return (0..<runs).map { _ in
            let start = clock.now
            body()
            return milliseconds(clock.now - start)
        }
        .sorted()
    }

    static func percentiles(_ sorted: [Double]) -> String {
        func percentile(_ p: Double) -> Double { sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))] }
        guard !sorted.isEmpty else { return "– | –" }
        return format(percentile(0.5)) + " | " + format(percentile(0.99))
    }

    static func format(_ value: Double) -> String { String(format: value < 1 ? "%.3f" : "%.2f", value) }

    static func milliseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
    }

    /// This process's peak resident set size in bytes.
    static func peakRSS() -> Int {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return usage.ru_maxrss * 1_024  // kilobytes on Linux
    }
}
