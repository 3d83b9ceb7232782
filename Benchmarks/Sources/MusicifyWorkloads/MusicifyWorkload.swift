import Foundation

/// What one measured cycle of the latest-songs screen is. The raw values are the names the
/// benchmarks, `musicify-bench` and `Benchmarks/musicify.sh` use.
public enum MusicifyWorkload: String, CaseIterable, Sendable {
    /// A new screen loads the real 20-song chart (decode and present), then its canvas is rendered.
    case oneLoad = "one-load"
    /// One screen loads the 20-song chart again and again (`viewDidLoad` only); its canvas is
    /// rendered once at the end.
    case repeatedLoads = "repeated-loads"
    /// A new screen loads a generated chart of 10,000 songs, then its canvas is rendered.
    case largeList = "10k-list"

    /// The number of songs in the largest chart.
    public static let largeListSongs = 10_000

    /// The chart this workload loads, in Apple's format.
    public func chart() throws -> Data {
        let sample = try AppleChartDocument.sample()
        switch self {
        case .oneLoad, .repeatedLoads: return sample
        case .largeList: return try AppleChartDocument.generated(songs: Self.largeListSongs, from: sample)
        }
    }

    /// The number of rows the screen shows after loading ``chart()``.
    public var expectedRows: Int {
        switch self {
        case .oneLoad, .repeatedLoads: 20
        case .largeList: Self.largeListSongs
        }
    }
}
