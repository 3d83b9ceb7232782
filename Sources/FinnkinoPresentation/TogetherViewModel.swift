import AppPatterns
import FinnkinoKit
import Foundation

/// A "watch together" group's page: the members' nicknames, and the movies more than one of them
/// follows (wanted or bookmarked), best first: the most members' movies, then the soonest show;
/// each with its shows of the next ``dayCount`` days that suit everyone: in a theatre of every
/// member's area, in each member's own theatres when they named some, and from 17:00 when anyone
/// asked for evenings only.
///
/// Tell it the group and who looks (`groupChanged`), how to read a member's movies
/// (`followedMoviesRead`), `await load()`, then show `outputs`. Nothing of a member but their
/// nickname and the movies they share reaches the outputs.
public struct TogetherViewModel: Sendable {
    /// One show that suits everyone.
    public struct Showing: Sendable, Hashable {
        public var id: Int
        /// The area it is listed in and its business day: its page's address.
        public var area: Int
        public var date: LocalDate
        /// `Fri 11.12. 19:45`.
        public var time: String
        public var theatre: String
    }

    /// A movie more than one member follows.
    public struct Movie: Sendable, Hashable {
        public var id: Int
        public var title: String
        public var followers: Int
        /// `3/4 want it`.
        public var wantedBy: String
        public var shows: [Showing]
    }

    public struct Outputs: Sendable {
        public var nicknames: [String] = []
        /// The viewer's own entry (their constraints), nil when they are not in the group.
        public var me: TogetherMember?
        public var isOwner = false
        public var movies: [Movie] = []
        /// Why there is nothing to list, when there is not.
        public var emptyMessage: String?
        /// `Share this link… until Fri 4.12.`.
        public var shareText: String?
        public var errorMessage: String?

        public init() {}
    }

    /// How many days ahead the shows are listed.
    public static let dayCount = 7
    /// The most shows listed of one movie.
    public static let showsPerMovie = 6

    public private(set) var outputs = Outputs()
    private var group: TogetherGroup?
    private var viewer = PersonID.nobody
    private var followed: @Sendable (PersonID) -> [Int: String] = { _ in [:] }
    private let store: FeedStore
    private let language: UILanguage
    private let format: DisplayFormat
    private let now: @Sendable () -> Date

    public init(store: FeedStore, language: UILanguage, now: @escaping @Sendable () -> Date = Date.init) {
        self.store = store
        self.language = language
        format = DisplayFormat(strings: language.strings)
        self.now = now
    }

    /// The group shown, to `viewer`.
    public mutating func groupChanged(_ group: TogetherGroup, viewer: PersonID) {
        self.group = group
        self.viewer = viewer
    }

    /// How to read what a member follows: their wanted and bookmarked movies, ID to title.
    public mutating func followedMoviesRead(_ read: @escaping @Sendable (PersonID) -> [Int: String]) {
        followed = read
    }

    public mutating func load() async {
        guard let group else { return }
        let words = language.together
        let instant = now()
        let today = HelsinkiTime.localDate(of: instant)
        outputs.nicknames = group.members.map { $0.person == viewer ? "\($0.nickname) (\(words.you))" : $0.nickname }
        outputs.me = group.member(viewer)
        outputs.isOwner = group.owner == viewer
        outputs.shareText = words.shareLink(format.weekdayAndDate(HelsinkiTime.localDate(of: group.expiresAt)))
        outputs.errorMessage = nil
        guard group.members.count > 1 else {
            outputs.movies = []
            outputs.emptyMessage = words.alone
            return
        }
        // Who follows what (titles as the members saw them).
        var followers: [Int: Int] = [:]
        var titles: [Int: String] = [:]
        for member in group.members {
            for (movie, title) in followed(member.person) {
                followers[movie, default: 0] += 1
                titles[movie] = titles[movie] ?? title
            }
        }
        let shared = followers.filter { $0.value > 1 }
        guard !shared.isEmpty else {
            outputs.movies = []
            outputs.emptyMessage = words.nothingShared
            return
        }
        // The shows in a theatre of every member's area: those every area's programme lists.
        var programmes: [Int: [Show]] = [:]
        do {
            for area in Set(group.members.map(\.area)) {
                programmes[area] = try await store.programme(area: area, from: today).value
            }
        } catch {
            outputs.movies = []
            outputs.emptyMessage = nil
            outputs.errorMessage = language.strings.loadFailed
            return
        }
        let first = group.members[0].area
        let inEveryArea =
            programmes.values.map { Set($0.map(\.id)) }.reduce(nil as Set<Int>?) { all, ids in
                all.map { $0.intersection(ids) } ?? ids
            } ?? []
        let lastDay = today.adding(days: Self.dayCount - 1)
        let evenings = group.members.contains(where: \.eveningsOnly)
        let named = group.members.map(\.theatres).filter { !$0.isEmpty }.map(Set.init)
        var shows: [Int: [(start: Date, showing: Showing)]] = [:]
        for show in (programmes[first] ?? []) where shared[show.eventID] != nil && inEveryArea.contains(show.id) {
            let day = show.accountingDate ?? HelsinkiTime.localDate(of: show.start)
            guard show.start >= instant, day <= lastDay else { continue }
            if evenings, HelsinkiTime.wallClockMinutes(of: show.start, from: day) < TogetherLimits.eveningFrom {
                continue
            }
            if !named.isEmpty {
                guard let theatre = TheatreLocations.theatre(named: show.theatre)?.areaID,
                    named.allSatisfy({ $0.contains(theatre) })
                else { continue }
            }
            titles[show.eventID] = show.title
            let time =
                format.weekdayAndDate(HelsinkiTime.localDate(of: show.start)) + " "
                + HelsinkiTime.clockTime(of: show.start)
            shows[show.eventID, default: []].append(
                (show.start, Showing(id: show.id, area: first, date: day, time: time, theatre: show.theatre)))
        }
        let members = group.members.count
        var movies: [(soonest: Date, movie: Movie)] = shared.map { movie, count in
            let listed = (shows[movie] ?? []).sorted { ($0.start, $0.showing.id) < ($1.start, $1.showing.id) }
            return (
                listed.first?.start ?? .distantFuture,
                Movie(
                    id: movie, title: titles[movie] ?? "#\(movie)", followers: count,
                    wantedBy: words.wantedBy("\(count)/\(members)"),
                    shows: listed.prefix(Self.showsPerMovie).map(\.showing))
            )
        }
        // Best first: the most members' movies, then the soonest show (those without any last).
        movies.sort { lhs, rhs in
            if lhs.movie.followers != rhs.movie.followers { return lhs.movie.followers > rhs.movie.followers }
            return lhs.soonest != rhs.soonest ? lhs.soonest < rhs.soonest : lhs.movie.id < rhs.movie.id
        }
        outputs.movies = movies.map(\.movie)
        outputs.emptyMessage = outputs.movies.allSatisfy { $0.shows.isEmpty } ? words.noShows : nil
    }
}
