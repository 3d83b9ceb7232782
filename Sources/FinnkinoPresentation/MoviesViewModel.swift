import AppPatterns
import FinnkinoKit
import Foundation

/// The Movies screen: an area, now in theatres or coming soon, a title search with two scopes,
/// and the list in A-Z sections, or in another order as one list, without the movies the person
/// is not interested in, with the scores known of each.
///
/// Tell it what the user did (`areaSelected`, `listSelected`, `searchTextChanged`, `scopeChanged`,
/// `sortSelected`, `hiddenMoviesChanged`), `await load()`, then show `outputs`.
public struct MoviesViewModel: Sendable {
    /// One movie in the list, every value ready to show.
    public struct Row: Sendable, Hashable {
        public var id: Int
        public var title: String
        /// `1 h 52 min`, or `–`.
        public var length: String
        /// `Draama, Komedia`.
        public var genres: String
        /// `S`, `7`, `12`, `16`, `18` or `–`.
        public var age: String
        public var thumbnailURL: URL?
        /// What the order needs: the Finnish premiere, the length in minutes.
        public var premiere: LocalDate?
        public var minutes: Int?
        /// The audience's score (0-10) when the movie is matched and has ``minimumVotes`` votes.
        public var audience: Double?
        /// `★ 7.4 · RT 88%`: the audience's and the critics' scores, when known.
        public var scores: String?
        /// Last chance, rare, back on screen (``ScreenRuns``), in the selected area.
        public var runs: [RunBadge] = []

        /// Hashes the movie's ID alone (equal rows have equal IDs): rows are hashed as cache keys of
        /// whole lists, and equality still compares every value.
        public func hash(into hasher: inout Hasher) {
            hasher.combine(id)
        }
    }

    /// Movies filed under one letter; `letter` is nil for search results, which are ranked.
    public struct Section: Sendable, Hashable {
        public var letter: String?
        public var rows: [Row]
    }

    public struct Outputs: Sendable {
        public var areas: [AreaOption] = []
        public var selectedArea: Int?
        public var list: EventListType = .nowInTheatres
        public var searchText = ""
        public var scope: SearchScope = .beginsWith
        public var sort: MovieSort = .title
        /// Only the movies of this run (``ScreenRuns``): with an area selected, as runs are an area's.
        public var run: ScreenRuns.Kind?
        /// Whether the run filter can be offered (an area is selected).
        public var offersRuns = false
        /// How many movies of the list the person hid (they are not in `sections`).
        public var hiddenCount = 0
        public var sections: [Section] = []
        /// The letters of the A-Z index (empty while searching).
        public var indexLetters: [String] = []
        public var movieCount = 0
        /// Set when there is nothing to list.
        public var emptyMessage: String?
        public var staleNotice: String?
        /// The area's theatres that Finnkino's feed no longer lists, when there are any.
        public var missingTheatres: MissingTheatres?
        public var errorMessage: String?
        /// What the list could show: ``ScreenOutcome/unavailable`` with ``errorMessage``.
        public var outcome = ScreenOutcome.shown
        /// With a location: the area whose theatre is nearest, with its distance.
        public var nearestArea: AreaOption?
        /// `Nearest: Helsinki, 2.1 km`, with a location.
        public var nearestAreaText: String?
    }

    public private(set) var outputs = Outputs()
    private var location: Coordinate?
    private var hidden: Set<Int> = []
    private var followed: @Sendable () -> Set<Int> = { [] }
    private let store: FeedStore
    private let format: DisplayFormat
    private let now: @Sendable () -> Date

    public init(store: FeedStore, strings: UIStrings, now: @escaping @Sendable () -> Date = Date.init) {
        self.store = store
        format = DisplayFormat(strings: strings)
        self.now = now
    }

    // MARK: Inputs

    /// The user picked an area (nil: all of Finland).
    public mutating func areaSelected(_ id: Int?) { outputs.selectedArea = id }
    /// The user switched between now in theatres and coming soon.
    public mutating func listSelected(_ list: EventListType) { outputs.list = list }
    /// The user typed in the search field.
    public mutating func searchTextChanged(_ text: String) { outputs.searchText = text }
    /// The user picked *Begins with* or *Contains*.
    public mutating func scopeChanged(_ scope: SearchScope) { outputs.scope = scope }

    /// The movies the person is not interested in: left out of the list.
    public mutating func hiddenMoviesChanged(_ ids: Set<Int>) { hidden = ids }

    /// How to read the movies the person follows (wanted or bookmarked): only theirs are told
    /// *back on screen*. Read only when the area's programme has a movie coming back, so that the
    /// list reads no store of the person otherwise.
    public mutating func followedMoviesRead(_ read: @escaping @Sendable () -> Set<Int>) { followed = read }

    /// The user chose a run to see (nil: every movie).
    public mutating func runSelected(_ run: ScreenRuns.Kind?) { outputs.run = run }

    /// The user chose the list's order.
    public mutating func sortSelected(_ sort: MovieSort) { outputs.sort = sort }
    /// The user's location became known, changed, or was forgotten (nil): with one, the areas are
    /// listed nearest first with their distances.
    public mutating func locationChanged(_ location: Coordinate?) { self.location = location }

    // MARK: Loading

    /// Loads what the inputs ask for into `outputs`.
    public mutating func load() async {
        let strings = format.strings
        outputs.errorMessage = nil
        outputs.outcome = .shown
        outputs.staleNotice = nil
        do {
            let areas = try await store.areas().value
            (outputs.areas, outputs.nearestArea) = AreaOption.options(
                areas, selected: outputs.selectedArea, allLabel: strings.allOfFinland, near: location, format: format)
            outputs.missingTheatres = MissingTheatres.notice(
                area: outputs.selectedArea, areas: areas, strings: strings)
        } catch {
            outputs.areas = []
            outputs.nearestArea = nil
            outputs.missingTheatres = nil
        }
        outputs.nearestAreaText = outputs.nearestArea.map(format.nearest)
        let query = outputs.searchText.trimmingCharacters(in: .whitespacesAndNewlines)
        do {
            let loaded =
                query.isEmpty
                ? try await store.movies(outputs.list, area: outputs.selectedArea)
                : try await store.searchMovies(
                    query, scope: outputs.scope, list: outputs.list, area: outputs.selectedArea)
            // The scores of every movie of the answer, hidden ones too: one answer's scores serve
            // every person, and the sections made of them are kept under the revision read first.
            let scoresRevision = store.scoresRevision
            let scores = await store.scores(of: loaded.value, waitingAtMost: Self.scoresWait)
            if query.isEmpty {
                outputs.sections = Self.sections.sections(
                    of: loaded.value, format: format, scoresRevision: scoresRevision
                ) {
                    Self.alphabetical(Self.scored(Self.rows($0, format: $1), scores))
                }
            } else {
                let rows = Self.scored(Self.rows(loaded.value, format: format), scores)
                outputs.sections = rows.isEmpty ? [] : [Section(rows: rows)]
            }
            outputs.hiddenCount = 0
            if !hidden.isEmpty {
                let before = outputs.sections.reduce(0) { $0 + $1.rows.count }
                outputs.sections = outputs.sections.compactMap { section in
                    let rows = section.rows.filter { !hidden.contains($0.id) }
                    return rows.isEmpty ? nil : Section(letter: section.letter, rows: rows)
                }
                outputs.hiddenCount = before - outputs.sections.reduce(0) { $0 + $1.rows.count }
            }
            outputs.offersRuns = outputs.selectedArea != nil
            if let area = outputs.selectedArea {
                let instant = now()
                let runs = await ScreenRuns.load(area: area, store: store, now: instant)
                let format = format
                let kind = outputs.run
                let followed = runs.hasReturns ? followed() : []
                let base = outputs.sections
                let badge = {
                    Self.badged(base, runs: runs, kind: kind, followed: followed, now: instant, format: format)
                }
                // The list everyone of the area sees is badged once (``BadgedSectionsCache``); a
                // search, or a person's own list (hidden movies, followed ones back), is theirs.
                outputs.sections =
                    query.isEmpty && hidden.isEmpty && followed.isEmpty
                    ? Self.badgedSections.sections(
                        of: base, runs: runs, kind: kind, format: format, now: instant, make: badge)
                    : badge()
            }
            if outputs.sort != .title, !outputs.sections.isEmpty {
                outputs.sections = [
                    Section(rows: Self.sorted(outputs.sections.flatMap(\.rows), by: outputs.sort, list: outputs.list))
                ]
            }
            outputs.indexLetters = outputs.sections.compactMap(\.letter)
            outputs.movieCount = outputs.sections.reduce(0) { $0 + $1.rows.count }
            outputs.staleNotice = format.staleNotice(loaded, now: now())
            outputs.emptyMessage =
                outputs.movieCount == 0
                ? (outputs.run != nil && outputs.offersRuns
                    ? strings.runNoneOfKind
                    : query.isEmpty ? strings.noMovies : strings.noMoviesMatching(query)) : nil
        } catch {
            outputs.sections = []
            outputs.indexLetters = []
            outputs.movieCount = 0
            outputs.hiddenCount = 0
            outputs.emptyMessage = nil
            outputs.errorMessage = strings.loadFailed
            outputs.outcome = .unavailable
        }
    }

    /// The alphabetical lists' sections, shared by every request of the process.
    private static let sections = MovieSectionCache()
    /// Those sections with an area's run badges, shared too.
    private static let badgedSections = BadgedSectionsCache()

    /// `sections` with the badges `runs` tell at `now`, only the movies of `kind` when set.
    private static func badged(
        _ sections: [Section], runs: ScreenRuns, kind: ScreenRuns.Kind?, followed: Set<Int>, now: Date,
        format: DisplayFormat
    ) -> [Section] {
        sections.compactMap { section in
            var rows = section.rows
            if let kind {
                rows = rows.filter { runs.movie($0.id, is: kind, followed: followed.contains($0.id), now: now) }
            }
            // Only a row whose badges differ is written: the rows are shared with every request
            // (``MovieSectionCache``), and a section none of whose movies has a badge stays the
            // same array.
            for index in rows.indices {
                let badges = runs.badges(
                    of: rows[index].id, followed: followed.contains(rows[index].id), now: now, format: format)
                if badges != rows[index].runs { rows[index].runs = badges }
            }
            return rows.isEmpty ? nil : Section(letter: section.letter, rows: rows)
        }
    }

    /// One row per event, in a synchronous function: the events are read in place, not copied.
    private static func rows(_ events: [Event], format: DisplayFormat) -> [Row] {
        events.map { event in
            Row(
                id: event.id, title: event.title, length: format.length(event.lengthInMinutes),
                genres: event.genres.joined(separator: ", "), age: format.age(event.rating),
                thumbnailURL: event.images.thumbnail, premiere: event.localRelease,
                minutes: event.lengthInMinutes.flatMap { $0 > 0 ? $0 : nil })
        }
    }

    /// How long a list waits for the scores it does not know yet (they are matched on meanwhile,
    /// for the next request).
    public static let scoresWait = Duration.milliseconds(300)

    /// The fewest votes an audience's score needs to be shown on a card and to rank it: a few
    /// early votes of 10 would otherwise top the list.
    public static let minimumVotes = 10

    /// The rows with their scores.
    private static func scored(_ rows: [Row], _ scores: [Int: MovieScores]) -> [Row] {
        guard !scores.isEmpty else { return rows }
        return rows.map { row in
            guard let known = scores[row.id] else { return row }
            var row = row
            row.audience = known.audienceVotes >= minimumVotes ? known.audience : nil
            let parts = [
                row.audience.map { String(format: "★ %.1f", $0) },
                known.critics?.rottenTomatoes.map { "RT \($0)%" },
            ]
            let text = parts.compactMap { $0 }.joined(separator: " · ")
            row.scores = text.isEmpty ? nil : text
            return row
        }
    }

    /// `rows` (in the list's own order) in `sort`'s order (``MovieSort/ordered(_:list:keys:)``).
    static func sorted(_ rows: [Row], by sort: MovieSort, list: EventListType) -> [Row] {
        sort.ordered(rows, list: list) {
            MovieSort.Keys(premiere: $0.premiere, audience: $0.audience, minutes: $0.minutes)
        }
    }

    /// Rows (already in Finnish order) grouped by their index letter, `#` first as it sorts first.
    static func alphabetical(_ rows: [Row]) -> [Section] {
        var sections: [Section] = []
        for row in rows {
            let letter = FinnishCollation.indexLetter(of: row.title)
            if let last = sections.indices.last, sections[last].letter == letter {
                sections[last].rows.append(row)
            } else if let existing = sections.firstIndex(where: { $0.letter == letter }) {
                sections[existing].rows.append(row)
            } else {
                sections.append(Section(letter: letter, rows: [row]))
            }
        }
        return sections
    }
}

extension MoviesViewModel.Section {
    init(rows: [MoviesViewModel.Row]) {
        self.init(letter: nil, rows: rows)
    }
}

extension MoviesViewModel: ObservingScreen {
    /// The chosen list of the chosen area.
    public var observedFeeds: [ObservedFeed] {
        [ObservedFeed(store.moviesFeed(outputs.list, area: outputs.selectedArea))]
    }
}
