import ArgumentParser
import FinnkinoKit
import FinnkinoPresentation
import FinnkinoStores
import Foundation
import Storage

/// `finnkino watchlist import|undo|check`: a watchlist (Letterboxd's export, its ZIP or a list of
/// it, IMDb's list export, or a plain list of titles) against Finnkino's programme. `import` makes
/// its films on the programme this computer's person's (bookmarked when on now, wanted when
/// coming) and keeps the others until they come, as the web app's import does (the same data);
/// `undo` takes the last import back; `check` only says which are on, and where.
struct WatchlistCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "watchlist", abstract: "Your watchlist against Finnkino's programme.",
        subcommands: [Import.self, Undo.self, Check.self])

    /// The file's bytes, read to one past the limit: a larger file is refused without being read whole.
    static func contents(of file: String) throws -> (name: String, data: Data) {
        let url = URL(fileURLWithPath: file)
        do {
            let handle = try FileHandle(forReadingFrom: url)
            defer { try? handle.close() }
            return (url.lastPathComponent, try handle.read(upToCount: WatchlistFile.maxBytes + 1) ?? Data())
        } catch {
            throw CommandFailure("cannot read \(file): \(error.localizedDescription)")
        }
    }

    /// The import of this computer's person, on the data folder the web app uses too.
    static func importing(_ global: GlobalOptions, area: String) async throws -> WatchlistImportViewModel {
        let store = try global.makeStore()
        let place = try await store.area(matching: area)
        let folder = global.dataDirectory
        return WatchlistImportViewModel(
            store: store, bookmarks: try global.openBookmarks(), wanted: try SQLiteWantedMovies(dataDirectory: folder),
            watchlists: try SQLiteWatchlists(dataDirectory: folder), person: .local, area: place.id, language: .en)
    }

    struct Import: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "import",
            abstract: "Bookmark a watchlist's films on now, want those coming, keep the others until they come.",
            discussion: """
                FILE is Letterboxd's watchlist.csv, one of its lists/, or the whole ZIP; an IMDb list export; or a \
                text file of titles, one a line, each optionally followed by its year. `finnkino watchlist undo` \
                takes the import back.
                """)

        @OptionGroup var global: GlobalOptions

        @Option(help: "Where to look for the next shows: an area or theatre, a name or an ID.")
        var area = "Helsinki"

        @Argument(help: "The watchlist file.")
        var file: String

        func run() async throws {
            let (name, data) = try WatchlistCommand.contents(of: file)
            var viewModel = try await WatchlistCommand.importing(global, area: area)
            guard try await viewModel.importRequested(data, named: name) else {
                throw CommandFailure("\(file): " + (viewModel.outputs.message ?? "not a watchlist"))
            }
            let outputs = viewModel.outputs
            let output = Output(global)
            if output.isJSON {
                struct Report: Encodable {
                    let matched: [WatchlistImportViewModel.Matched]
                    let kept: [WatchlistImportViewModel.Note]
                    let skipped: [WatchlistImportViewModel.Note]
                }
                return try output.encoded(
                    Report(matched: outputs.matched, kept: outputs.missed, skipped: outputs.skipped))
            }
            let words = UILanguage.en.watchlist
            var lines = ["\(words.matchedHeading): \(outputs.matched.count)"]
            lines += outputs.matched.map { "  \($0.title) (ID \($0.movieID)): \($0.done). \($0.when)" }
            if !outputs.missed.isEmpty {
                lines.append("\(words.keptHeading): \(outputs.missed.count)")
                lines += outputs.missed.map { "  \($0.text): \($0.why)" }
            }
            if !outputs.skipped.isEmpty {
                lines.append("\(words.skippedHeading): \(outputs.skipped.count)")
                lines += outputs.skipped.map { "  \($0.text): \($0.why)" }
            }
            output.text(lines.joined(separator: "\n"))
        }
    }

    struct Undo: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "undo", abstract: "Take the last watchlist import back.")

        @OptionGroup var global: GlobalOptions

        func run() async throws {
            var viewModel = try await WatchlistCommand.importing(global, area: "Helsinki")
            guard try viewModel.undoRequested() else { throw CommandFailure("there is no import to undo") }
            Output(global).text(viewModel.outputs.message ?? "")
        }
    }

    struct Check: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "check",
            abstract: "Which films of a watchlist file are on the programme, and their next shows (nothing is kept).",
            discussion: """
                FILE is Letterboxd's watchlist.csv, one of its lists/, or the whole ZIP as downloaded; an IMDb \
                list export; or a text file of titles, one a line, each optionally followed by its year. A film \
                is matched by its title and year (within one), never by a guess.
                """)

        @OptionGroup var global: GlobalOptions

        @Option(help: "Where to look for the next shows: an area or theatre, a name or an ID.")
        var area = "Helsinki"

        @Argument(help: "The watchlist file.")
        var file: String

        func run() async throws {
            let (name, data) = try WatchlistCommand.contents(of: file)
            let read: WatchlistRead
            do { read = try WatchlistFile.read(data, named: name) } catch {
                throw CommandFailure("\(file): \(error.description)")
            }
            let store = try global.makeStore()
            let place = try await store.area(matching: area)
            let now = try await store.movies(.nowInTheatres)
            let soon = try await store.movies(.comingSoon)
            let showing = Set(now.value.map(\.id))
            let today = HelsinkiTime.today()
            let programme = await WatchlistMatch.Programme.matching(
                now.value + soon.value, for: read.entries, store: store)
            var report = WatchlistReport(area: place.name, matched: [], unmatched: [], skipped: [])
            for entry in read.entries {
                switch programme.movie(of: entry) {
                case .success(let movie):
                    let shows = try await store.shows(ofMovie: movie.id, area: place.id, from: today, days: 7).value
                    report.matched.append(
                        .init(
                            entry: entry, movieID: movie.id, title: movie.title,
                            list: showing.contains(movie.id) ? "now" : "soon", premiere: movie.localRelease,
                            nextShow: shows.first { $0.start >= Date() }.map {
                                .init(id: $0.id, start: $0.start, theatre: $0.theatre)
                            }))
                case .failure(let miss):
                    report.unmatched.append(.init(entry: entry, reason: miss))
                }
            }
            report.skipped = read.skipped.map { .init(row: $0.row, text: $0.text, reason: $0.reason) }
            let output = Output(global)
            if output.isJSON { return try output.encoded(report) }
            output.text(report.text)
        }
    }
}

/// What `finnkino watchlist check` found (docs/json/watchlist-check.schema.json).
struct WatchlistReport: Encodable {
    struct Matched: Encodable {
        struct NextShow: Encodable {
            let id: Int
            let start: Date
            let theatre: String
        }

        let entry: WatchlistEntry
        let movieID: Int
        let title: String
        /// `now` or `soon`.
        let list: String
        let premiere: LocalDate?
        /// Within the next seven days in the area; nil when none is.
        let nextShow: NextShow?
    }

    struct Unmatched: Encodable {
        let entry: WatchlistEntry
        let reason: WatchlistMatch.Miss
    }

    struct Skipped: Encodable {
        let row: Int
        let text: String
        let reason: WatchlistRead.Skipped.Reason
    }

    let area: String
    var matched: [Matched]
    var unmatched: [Unmatched]
    var skipped: [Skipped]

    var text: String {
        func name(_ entry: WatchlistEntry) -> String { entry.title + (entry.year.map { " (\($0))" } ?? "") }
        var lines = ["On Finnkino's programme: \(matched.count) of \(matched.count + unmatched.count)"]
        for film in matched {
            let when: String
            if let show = film.nextShow {
                when =
                    "next show \(HelsinkiTime.localDate(of: show.start)) \(HelsinkiTime.clockTime(of: show.start)), \(show.theatre)"
            } else if film.list == "soon" {
                when = "coming soon" + (film.premiere.map { ", premiere \($0)" } ?? "")
            } else {
                when = "no shows in \(area) in the next 7 days"
            }
            lines.append("  \(name(film.entry)) → \(film.title) (ID \(film.movieID)): \(when)")
        }
        if !unmatched.isEmpty {
            lines.append("Not on it:")
            for film in unmatched {
                let why =
                    switch film.reason {
                    case .notOnTheProgramme: "no movie of that title and year now or coming"
                    case .noYear: "the file gives no year, and a title alone could be another film"
                    case .ambiguous: "two movies have that title and year"
                    }
                lines.append("  \(name(film.entry)): \(why)")
            }
        }
        if !skipped.isEmpty {
            lines.append("Left out:")
            for row in skipped {
                let why =
                    switch row.reason {
                    case .notAFilm: "not a film"
                    case .notATitle: "not a title"
                    case .duplicate: "the same film again"
                    }
                lines.append("  row \(row.row), \(row.text): \(why)")
            }
        }
        return lines.joined(separator: "\n")
    }
}
