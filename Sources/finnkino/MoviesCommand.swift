import ArgumentParser
import FinnkinoKit
import FinnkinoPresentation
import Foundation

struct MoviesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "movies", abstract: "List movies now in theatres or coming soon, or search titles.")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var nearOption: NearOption

    @Option(
        help: ArgumentHelp(
            "An area or theatre: a name (helsinki, omena) or an ID. Default: the nearest with --near, else all of Finland.",
            valueName: "name|id"))
    var area: String?

    @Flag(help: "Movies coming soon instead of those now in theatres.")
    var comingSoon = false

    @Option(help: ArgumentHelp("Only titles matching this text (case and accents ignored).", valueName: "text"))
    var search: String?

    @Flag(help: "With --search: the title begins with the text (default) or contains it.")
    var scope: SearchScope = .beginsWith

    @OptionGroup var runOption: RunOption

    func validate() throws {
        if search == nil && scope != .beginsWith {
            throw ValidationError("--contains and --begins-with go with --search")
        }
    }

    func run() async throws {
        let store = try global.makeStore()
        var area: TheatreArea?
        var place: String?
        if let name = self.area {
            area = try await store.area(matching: name)
        } else if let nearest = try nearOption.nearestArea(in: try await store.areas().value) {
            area = nearest.area
            place = nearest.heading
        }
        let list: EventListType = comingSoon ? .comingSoon : .nowInTheatres
        let loaded =
            if let search {
                try await store.searchMovies(search, scope: scope, list: list, area: area?.id)
            } else {
                try await store.movies(list, area: area?.id)
            }
        guard let area else {
            if runOption.run != nil {
                throw CommandFailure("--run needs --area or --near: a run is an area's programme")
            }
            return try await Output(global).showList(loaded) { movies in
                render(movies, runs: [:], list: list, place: place ?? "Finland")
            }
        }
        // With an area, each movie's run in its programme (last chance, rare, back on screen).
        let now = Date()
        let runs = await ScreenRuns.load(area: area.id, store: store, now: now)
        let followed = RunOption.followed(global, runs: runs)
        let kinds = { (movie: Int) in runs.kinds(of: movie, followed: followed.contains(movie), now: now) }
        let shown = loaded.map { movies in
            runOption.run.map { kind in movies.filter { kinds($0.id).contains(kind) } } ?? movies
        }
        let output = Output(global)
        if output.isJSON {
            return try await output.showJSON(
                shown.map { movies in
                    movies.map { movie in
                        let movieKinds = kinds(movie.id)
                        return WithRuns(
                            item: movie, runs: movieKinds,
                            lastShow: movieKinds.contains(.lastChance) ? runs.run(of: movie.id)?.lastShow : nil)
                    }
                })
        }
        let format = DisplayFormat(strings: .english)
        try await output.showList(shown) { movies in
            render(
                movies,
                runs: Dictionary(
                    uniqueKeysWithValues: movies.map {
                        ($0.id, runs.badges(of: $0.id, followed: followed.contains($0.id), now: now, format: format))
                    }), list: list, place: place ?? area.name)
        }
    }

    private func render(_ movies: [Event], runs: [Int: [RunBadge]], list: EventListType, place: String) -> String {
        let what = list == .comingSoon ? "Coming soon" : "Now in theatres"
        var heading = "\(what) in \(place)"
        if let search { heading += ", titles that \(scope == .contains ? "contain" : "begin with") \"\(search)\"" }
        if let run = runOption.run { heading += ", " + UIStrings.english.runChoice(run).lowercased() }
        guard !movies.isEmpty else { return heading + ": no movies." }
        heading += ": \(movies.count) movie\(movies.count == 1 ? "" : "s")"

        var table =
            list == .comingSoon
            ? TextColumns([
                .init(title: "ID", alignRight: true), .init(title: "Title", flexible: true), .init(title: "Premiere"),
                .init(title: "Genres"),
            ])
            : TextColumns([
                .init(title: "ID", alignRight: true), .init(title: "Title", flexible: true), .init(title: "Length"),
                .init(title: "Age"), .init(title: "Genres"),
            ])
        for movie in movies {
            let genres = TextColumns.fit(movie.genres.joined(separator: ", "), to: 22)
            if list == .comingSoon {
                table.append([
                    String(movie.id), movie.title, movie.localRelease.map(Terminal.format.date) ?? "–", genres,
                ])
            } else {
                table.append([
                    String(movie.id), movie.title, Terminal.format.length(movie.lengthInMinutes),
                    Terminal.format.age(movie.rating), genres,
                ])
            }
        }
        // Each movie's run, under the table: the columns keep their width.
        let told = movies.compactMap { movie in
            runs[movie.id].flatMap {
                $0.isEmpty ? nil : "  \(movie.id)  \(movie.title): " + $0.map(\.text).joined(separator: " · ")
            }
        }
        return heading + "\n\n" + table.render()
            + (told.isEmpty ? "" : "\n\n" + told.map { Terminal.wrap($0) }.joined(separator: "\n"))
    }
}

extension SearchScope: EnumerableFlag {
    public static func name(for value: SearchScope) -> NameSpecification {
        switch value {
        case .beginsWith: .customLong("begins-with")
        case .contains: .customLong("contains")
        }
    }
}
