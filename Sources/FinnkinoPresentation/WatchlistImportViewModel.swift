import AppPatterns
import FinnkinoKit
import Foundation

/// The watchlist import (on the Bookmarks page and `finnkino watchlist import`): a file read
/// (``WatchlistFile``), each film matched to Finnkino's movies now or coming in any area
/// (``WatchlistMatch``), the matched ones made the person's (bookmarked when on now, wanted when
/// coming: then announced by the push, calendar and Atom feeds they have), the others kept and
/// matched again as the programme changes (``WatchlistRematch``, before each check of the wanted
/// movies). An import
/// is one step: undone, it takes back what it added and forgets what it kept.
///
/// Inputs: `load()`, `importRequested(_:named:)`, `undoRequested()`; then show `outputs`.
public struct WatchlistImportViewModel: Sendable {
    /// A film on the programme, with what the import did and where it plays.
    public struct Matched: Sendable, Equatable, Encodable {
        /// As the file names it.
        public var fileTitle: String
        public var movieID: Int
        public var title: String
        /// `Added to your bookmarks`, `You had it already`, …
        public var done: String
        /// `Next show Tue 18:30, Tennispalatsi, Helsinki`, `Coming, premiere 12.12.2026`.
        public var when: String
    }

    /// A film kept for later, or a row left out, with why.
    public struct Note: Sendable, Equatable, Encodable {
        public var text: String
        public var why: String
    }

    public struct Outputs: Sendable, Equatable {
        public var matched: [Matched] = []
        /// This import's films kept for later.
        public var missed: [Note] = []
        public var skipped: [Note] = []
        /// Every film the person keeps for later (after ``load()``).
        public var kept: [String] = []
        /// Why the file was refused (nothing changed), or what undo did.
        public var message: String?
        /// `Last imported: watchlist.csv, 28.11.2026` when there is one to undo.
        public var lastImport: String?
        public var canUndo = false
        /// Whether an import was just made (the page shows its report).
        public var imported = false
    }

    public private(set) var outputs = Outputs()
    private let store: FeedStore
    private let bookmarks: any BookmarkStore
    private let wanted: any WantedMovies
    private let watchlists: any Watchlists
    private let person: PersonID
    private let area: Int
    private let language: UILanguage
    private let now: @Sendable () -> Date

    /// `area`: where the next shows of the matched films are looked for (the person's).
    public init(
        store: FeedStore, bookmarks: any BookmarkStore, wanted: any WantedMovies, watchlists: any Watchlists,
        person: PersonID, area: Int, language: UILanguage, now: @escaping @Sendable () -> Date = Date.init
    ) {
        self.store = store
        self.bookmarks = bookmarks
        self.wanted = wanted
        self.watchlists = watchlists
        self.person = person
        self.area = area
        self.language = language
        self.now = now
    }

    /// What the person keeps for later, and the import they can undo.
    public mutating func load() throws {
        let format = DisplayFormat(strings: language.strings)
        outputs.kept = try watchlists.kept(of: person).map { film in
            film.entry.title + (film.entry.year.map { " (\($0))" } ?? "")
        }
        let last = try watchlists.imports(of: person).first
        outputs.canUndo = last != nil
        outputs.lastImport = last.map {
            language.watchlist.lastImport(
                $0.fileName + ", " + format.date(HelsinkiTime.localDate(of: $0.importedAt)))
        }
    }

    /// Imports the file `name`; false when it is refused (``Outputs/message`` says why, and nothing
    /// changed). Throws when the programme cannot be read (nothing changed either).
    @discardableResult
    public mutating func importRequested(_ data: Data, named name: String) async throws -> Bool {
        let words = language.watchlist
        let read: WatchlistRead
        do {
            read = try WatchlistFile.read(data, named: name)
        } catch {
            outputs.message = words.refusal(error)
            return false
        }
        let onNow = try await store.movies(.nowInTheatres).value
        let coming = try await store.movies(.comingSoon).value
        let programme = await WatchlistMatch.Programme.matching(onNow + coming, for: read.entries, store: store)
        let showing = Set(onNow.map(\.id))
        let alreadyWanted = Set(try wanted.wanted(by: person).map(\.movieID))
        let time = now()
        var added = (wanted: [Int](), bookmarked: [Int]())
        var kept: [WatchlistEntry] = []
        var matched: [(entry: WatchlistEntry, movie: Event, done: String)] = []
        outputs = Outputs()
        for entry in read.entries {
            switch programme.movie(of: entry) {
            case .success(let movie):
                let done: String
                if showing.contains(movie.id) {
                    if bookmarks.contains(movieID: movie.id) {
                        done = words.alreadyYours
                    } else if (try? bookmarks.add(Bookmark(movie, addedAt: time))) == true {
                        added.bookmarked.append(movie.id)
                        done = words.bookmarked
                    } else {
                        done = words.notAdded
                    }
                } else if alreadyWanted.contains(movie.id) || added.wanted.contains(movie.id) {
                    done = words.alreadyYours
                } else if try wanted.want(movie.id, title: movie.title, by: person, now: time) {
                    added.wanted.append(movie.id)
                    done = words.wanted
                } else {
                    done = words.notAdded
                }
                matched.append((entry, movie, done))
            case .failure(let miss):
                kept.append(entry)
                outputs.missed.append(Note(text: Self.name(entry), why: words.miss(miss)))
            }
        }
        _ = try watchlists.record(
            fileName: name, kept: kept, wanted: added.wanted, bookmarked: added.bookmarked, for: person, now: time)
        outputs.skipped = read.skipped.map { row in
            Note(text: words.row(String(row.row)) + ": " + row.text, why: words.skipped(row.reason))
        }
        outputs.matched = await Self.placed(matched, area: area, store: store, language: language, now: time)
        outputs.imported = true
        try load()
        return true
    }

    /// Undoes the person's last import: takes back the bookmarks and wanted movies it added, and
    /// forgets the films it kept. False when there is none.
    @discardableResult
    public mutating func undoRequested() throws -> Bool {
        guard let last = try watchlists.imports(of: person).first,
            let forgotten = try watchlists.forget(import: last.id, of: person)
        else { return false }
        try bookmarks.remove(movieIDs: forgotten.bookmarked)
        for movieID in forgotten.wanted { try wanted.unwant(movieID, by: person) }
        outputs = Outputs()
        outputs.message = language.watchlist.undone
        try load()
        return true
    }

    private static func name(_ entry: WatchlistEntry) -> String {
        entry.title + (entry.year.map { " (\($0))" } ?? "")
    }

    /// Where each matched film plays: its next show in `area` within a week (one schedule request
    /// for all of them), or when it comes.
    private static func placed(
        _ matched: [(entry: WatchlistEntry, movie: Event, done: String)], area: Int, store: FeedStore,
        language: UILanguage, now: Date
    ) async -> [Matched] {
        let words = language.watchlist
        let format = DisplayFormat(strings: language.strings)
        let ids = Set(matched.map(\.movie.id))
        let shows =
            ids.isEmpty
            ? []
            : ((try? await store.shows(area: area, from: HelsinkiTime.localDate(of: now), days: 7).value) ?? [])
        var next: [Int: Show] = [:]
        for show in shows where ids.contains(show.eventID) && show.start >= now && next[show.eventID] == nil {
            next[show.eventID] = show
        }
        return matched.map { film in
            let when: String
            if let show = next[film.movie.id] {
                let day = format.day(HelsinkiTime.localDate(of: show.start), today: HelsinkiTime.localDate(of: now))
                when = words.nextShow(day + " " + HelsinkiTime.clockTime(of: show.start) + ", " + show.theatre)
            } else if let premiere = film.movie.localRelease, premiere > HelsinkiTime.localDate(of: now) {
                when = words.comingSoon(format.date(premiere))
            } else {
                when = words.noShowsNearby
            }
            return Matched(
                fileTitle: name(film.entry), movieID: film.movie.id, title: film.movie.title, done: film.done,
                when: when)
        }
    }
}
