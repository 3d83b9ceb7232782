import AppPatterns
import FinnkinoKit
import Foundation
import Synchronization

/// What an area's programme says of each movie's run there: its *last chance*, whether it is
/// *rare*, and whether it is *back on screen*. The one place these rules live: the cards, the movie
/// page, the showtimes, their filters and the CLI all ask this type.
///
/// The rules, on the programme as Finnkino publishes it (every show in the area from today, the
/// schedule the check of wanted movies reads too), by the shows' business days (a show at 00:30
/// belongs to the day before, as the feed's `dttmShowStart` day says), so that midnight and the
/// change of summer time move nothing:
/// - **last chance**: the movie's final show in the area, when that show's day comes before the
///   programme's last day. A movie still on the programme's last day may well go on (the
///   programme simply ends there), so it is never called a last chance.
/// - **rare**: 1 to ``rareAtMost`` shows in the area over the next ``rareWindowDays`` days (today
///   and the six days after), when the programme reaches that far (a programme published for three
///   days would make every movie rare).
/// - **back on screen**: the movie's shows resume after at least ``backAfterDays`` whole days
///   without one in the area. Told only of a movie the person follows (wanted, or bookmarked,
///   which is where an imported watchlist's films go): for anyone else a gap is no news. The
///   programme reaches about two weeks ahead, so a week is the longest gap it can show; a run
///   that ended before today is not in it and is not told.
public struct ScreenRuns: Sendable {
    /// A kind of run, as the filters name it (`run=last|rare|back`, `--run last`).
    public enum Kind: String, Sendable, Hashable, CaseIterable, Codable {
        case lastChance = "last"
        case rare
        case back
    }

    /// One movie's run in the area.
    public struct Run: Sendable, Hashable {
        /// The start of the movie's final show in the programme (a last chance or not).
        public var finalShow: Date
        /// The final show's start, when it is a last chance (its day before the programme's last).
        public var lastShow: Date?
        /// The shows that start then, with ``lastShow`` (an event screening plays in several
        /// theatres at once: each is a last chance).
        public var lastShowIDs: Set<Int> = []
        /// Shows in the next ``ScreenRuns/rareWindowDays`` days.
        public var showsThisWeek: Int
        /// 1 to ``ScreenRuns/rareAtMost`` shows this week, the programme reaching the week's end.
        public var isRare: Bool
        /// The first show after a gap of at least ``ScreenRuns/backAfterDays`` days.
        public var returnShow: Date?
        /// The ID of the return's first show, with ``returnShow``.
        public var returnShowID: Int?
    }

    /// Rare: at most this many shows in ``rareWindowDays`` days.
    public static let rareAtMost = 3
    public static let rareWindowDays = 7
    /// Back on screen: after at least this many whole days without a show.
    public static let backAfterDays = 7

    /// The programme's last business day in the area (nil: no shows).
    public let programmeEnd: LocalDate?
    /// Whether some movie comes back after a gap (only then do the followed movies matter).
    public let hasReturns: Bool
    /// Names these runs among all made in the process: what is made of them (``BadgedSectionsCache``)
    /// is kept under it.
    public let revision: Int
    private let runs: [Int: Run]
    /// The instants at which what ``kinds(of:followed:now:)`` says of some movie changes (its final
    /// show, last chance and return), in order.
    private let changes: [Date]

    private static let revisions = Atomic(0)

    /// The runs of every movie in `shows` (one area's programme from `today`, in any order).
    public init(shows: [Show], today: LocalDate) {
        var byMovie: [Int: [(day: LocalDate, show: Show)]] = [:]
        var end: LocalDate?
        for show in shows {
            let day = Self.day(of: show)
            guard day >= today else { continue }
            byMovie[show.eventID, default: []].append((day, show))
            if end.map({ day > $0 }) ?? true { end = day }
        }
        programmeEnd = end
        let weekEnd = today.adding(days: Self.rareWindowDays - 1)
        var runs: [Int: Run] = [:]
        runs.reserveCapacity(byMovie.count)
        for (movie, listed) in byMovie {
            let ordered = listed.sorted { ($0.show.start, $0.show.id) < ($1.show.start, $1.show.id) }
            var run = Run(finalShow: ordered.last?.show.start ?? .distantPast, showsThisWeek: 0, isRare: false)
            if let last = ordered.last, let end, last.day < end {
                run.lastShow = last.show.start
                run.lastShowIDs = Set(ordered.lazy.filter { $0.show.start == last.show.start }.map(\.show.id))
            }
            run.showsThisWeek = ordered.reduce(0) { $0 + ($1.day <= weekEnd ? 1 : 0) }
            run.isRare = (1...Self.rareAtMost).contains(run.showsThisWeek) && (end.map { $0 >= weekEnd } ?? false)
            var previous: LocalDate?
            for (day, show) in ordered {
                if let previous, day.daysSinceEpoch - previous.daysSinceEpoch - 1 >= Self.backAfterDays {
                    run.returnShow = show.start
                    run.returnShowID = show.id
                    break
                }
                previous = day
            }
            runs[movie] = run
        }
        self.runs = runs
        hasReturns = runs.values.contains { $0.returnShow != nil }
        changes = Set(runs.values.flatMap { [$0.finalShow, $0.lastShow, $0.returnShow].compactMap { $0 } }).sorted()
        revision = Self.revisions.add(1, ordering: .relaxed).newValue
    }

    /// Until when what these runs tell at `now` holds: ``kinds(of:followed:now:)`` of every movie
    /// says the same at each instant from `now` up to and including it (nil: from `now` on).
    public func kindsHold(from now: Date) -> Date? {
        // The first change at or after `now` (the changes are in order).
        var low = 0
        var high = changes.count
        while low < high {
            let middle = (low + high) / 2
            if changes[middle] < now { low = middle + 1 } else { high = middle }
        }
        return low < changes.count ? changes[low] : nil
    }

    /// No programme: no movie has a run to tell of.
    public static let none = ScreenRuns(shows: [], today: LocalDate(year: 1970, month: 1, day: 1))

    /// The business day a show belongs to.
    static func day(of show: Show) -> LocalDate {
        show.accountingDate ?? HelsinkiTime.localDate(of: show.start)
    }

    /// `movie`'s run, nil when it has no show in the area.
    public func run(of movie: Int) -> Run? { runs[movie] }

    /// What is worth telling of `movie` at `now`, in this order: last chance, rare, back on
    /// screen (only when `followed`). A last show that has started is no chance any more, and a
    /// movie whose shows have all started has nothing to tell.
    public func kinds(of movie: Int, followed: Bool, now: Date) -> [Kind] {
        guard let run = runs[movie], run.finalShow >= now else { return [] }
        var kinds: [Kind] = []
        if let last = run.lastShow, last >= now { kinds.append(.lastChance) }
        if run.isRare { kinds.append(.rare) }
        if followed, let back = run.returnShow, back >= now { kinds.append(.back) }
        return kinds
    }

    /// Whether `movie` is of `kind` at `now` (a filter's test).
    public func movie(_ movie: Int, is kind: Kind, followed: Bool, now: Date) -> Bool {
        kinds(of: movie, followed: followed, now: now).contains(kind)
    }

    /// Whether `show` itself is the one a badge points at: the final show of a last chance, the
    /// first show back on screen, any show of a rare movie.
    public func show(_ show: Show, is kind: Kind, followed: Bool, now: Date) -> Bool {
        guard let run = runs[show.eventID], show.start >= now else { return false }
        switch kind {
        case .lastChance: return run.lastShowIDs.contains(show.id)
        case .rare: return run.isRare
        case .back: return followed && run.returnShowID == show.id
        }
    }

    /// The badges of `show` itself: those of its movie that point at it (``show(_:is:followed:now:)``).
    public func badges(of show: Show, followed: Bool, now: Date, format: DisplayFormat) -> [RunBadge] {
        guard runs[show.eventID] != nil else { return [] }
        return badges(of: show.eventID, followed: followed, now: now, format: format).filter {
            self.show(show, is: $0.kind, followed: followed, now: now)
        }
    }

    /// The badges of `movie` in `language`'s words (`Last chance: Thu 3.4. 21:00`, `Rare: 2 shows
    /// in 7 days`, `Back on screen: Fri 11.4.`).
    public func badges(of movie: Int, followed: Bool, now: Date, format: DisplayFormat) -> [RunBadge] {
        guard let run = runs[movie] else { return [] }
        let words = format.strings
        return kinds(of: movie, followed: followed, now: now).map { kind in
            switch kind {
            case .lastChance:
                let start = run.lastShow ?? now
                let when =
                    format.weekdayAndDate(HelsinkiTime.localDate(of: start)) + " "
                    + HelsinkiTime.clockTime(of: start)
                return RunBadge(kind: kind, text: words.runLastChance(when), label: words.runLastChanceShort)
            case .rare:
                let text = run.showsThisWeek == 1 ? words.runRareOnce : words.runRare(String(run.showsThisWeek))
                return RunBadge(kind: kind, text: text, label: words.runRareShort)
            case .back:
                let start = run.returnShow ?? now
                return RunBadge(
                    kind: kind, text: words.runBack(format.weekdayAndDate(HelsinkiTime.localDate(of: start))),
                    label: words.runBackShort)
            }
        }
    }
}

/// One run badge, ready to show.
public struct RunBadge: Sendable, Hashable {
    public var kind: ScreenRuns.Kind
    /// `Last chance: Thu 3.4. 21:00`.
    public var text: String
    /// `Last chance`: where room is short (a card's poster).
    public var label: String
}

extension ScreenRuns {
    /// The runs of `area`'s programme at `now` (``FeedStore/programme(area:from:freshness:)``),
    /// made once per feed answer and day, not once per request. A programme that cannot be read
    /// tells of no run: the page around it still shows.
    public static func load(area: Int, store: FeedStore, now: Date) async -> ScreenRuns {
        let today = HelsinkiTime.localDate(of: now)
        guard let programme = try? await store.programme(area: area, from: today) else { return .none }
        return kept.value(of: programme, today) { ScreenRuns(shows: $0, today: today) }
    }

    /// The runs that can point at shows of business day `day`: ``load(area:store:now:)``, or
    /// ``none`` without reading the programme (a second feed, 31 days of the area) when every show
    /// of that day has started at `now`, since a run points only at a show yet to start
    /// (``show(_:is:followed:now:)``). A business day's shows start by the night after it (a show
    /// at 00:30 belongs to the day before), so yesterday's may still be to come.
    public static func load(area: Int, store: FeedStore, now: Date, forShowsOf day: LocalDate) async -> ScreenRuns {
        guard mayPoint(atShowsOf: day, now: now) else { return .none }
        return await load(area: area, store: store, now: now)
    }

    /// Whether some show of business day `day` may not have started at `now`.
    public static func mayPoint(atShowsOf day: LocalDate, now: Date) -> Bool {
        day >= HelsinkiTime.localDate(of: now).adding(days: -1)
    }

    /// Areas × languages × days, with room for the answers being replaced. It keeps the runs,
    /// never the programme they were made of: an entry that kept its programme (as this one did)
    /// kept every replaced 31-day programme alive until 64 newer entries pushed it out: a hosted
    /// soak's RSS went from 326 MiB at minute 3 to 385 MiB at minute 20 with it, and from 163 to
    /// 183 MiB with this one (docs/PERFORMANCE.md, issue 41, item 4).
    static let kept = AnswerCache<LocalDate, ScreenRuns>(countLimit: 64)
}
