import ArgumentParser
import FinnkinoKit
import FinnkinoPresentation
import FinnkinoStores
import Foundation

/// `--run last|rare|back`: only the movies (or shows) of a run of the area's programme
/// (``ScreenRuns``: the rules the web app's filters use). *back* is told of the movies this
/// computer's person follows: their bookmarks and wanted movies (where `finnkino watchlist import`
/// puts a watchlist's films).
struct RunOption: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Only a run of the area's programme: last (the final show comes before the programme ends), rare (1 to 3 shows in 7 days), back (a followed movie back after a week away).",
            valueName: "last|rare|back"))
    var run: ScreenRuns.Kind?

    /// The movies this computer's person follows, read only when the programme has a movie coming
    /// back; none when their stores cannot be read.
    static func followed(_ global: GlobalOptions, runs: ScreenRuns) -> Set<Int> {
        guard runs.hasReturns else { return [] }
        let wanted = try? SQLiteWantedMovies(dataDirectory: global.dataDirectory)
        return Set(FollowedMovies.of(.local, wanted: wanted, bookmarks: try? global.openBookmarks()).keys)
    }
}

extension ScreenRuns.Kind: ExpressibleByArgument {}

extension WithRuns where Item == Show {
    /// `show` with the runs that point at it (``ScreenRuns/show(_:is:followed:now:)``), as
    /// `finnkino showtimes --json` and `finnkino show --json` write it.
    init(_ show: Show, runs: ScreenRuns, followed: Set<Int>, now: Date) {
        let kinds = ScreenRuns.Kind.allCases.filter {
            runs.show(show, is: $0, followed: followed.contains(show.eventID), now: now)
                && runs.kinds(of: show.eventID, followed: followed.contains(show.eventID), now: now).contains($0)
        }
        self.init(item: show, runs: kinds, lastShow: kinds.contains(.lastChance) ? show.start : nil)
    }
}

/// An item of a list with its runs (`"runs": ["last", "rare"]`, `"lastShow"` with a last
/// chance), written as the item's own keys and these.
struct WithRuns<Item: Encodable & Sendable>: Encodable, Sendable {
    var item: Item
    var runs: [ScreenRuns.Kind]
    var lastShow: Date?

    private enum Keys: String, CodingKey { case runs, lastShow }

    func encode(to encoder: any Encoder) throws {
        try item.encode(to: encoder)
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(runs, forKey: .runs)
        if let lastShow { try container.encode(HelsinkiTime.iso8601(lastShow), forKey: .lastShow) }
    }
}
