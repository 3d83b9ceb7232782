import AppPatterns
import ArgumentParser
import FinnkinoKit
import FinnkinoPresentation
import Foundation

struct ShowtimesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "showtimes", abstract: "List the shows of a day in an area, grouped by theatre.")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var nearOption: NearOption

    @Option(help: ArgumentHelp("Only this movie's shows.", valueName: "id"))
    var movie: Int?

    @Option(
        help: ArgumentHelp(
            "An area or theatre: a name or an ID. Default: the nearest with --near, else the capital region.",
            valueName: "name|id"))
    var area: String?

    @Option(help: ArgumentHelp("The day: today, tomorrow, YYYY-MM-DD or D.M.YYYY.", valueName: "day"))
    var date: DayArgument = .today

    @OptionGroup(title: "Filters") var filters: ShowFilterOptions

    @OptionGroup var runOption: RunOption

    func validate() throws {
        if runOption.run != nil && !filters.theatre.isEmpty {
            throw ValidationError("--run goes with an area, not --theatre: a run is an area's programme")
        }
    }

    func run() async throws {
        if !filters.theatre.isEmpty { return try await runInTheatres() }
        let store = try global.makeStore()
        let now = Date()
        let day = date.resolve(today: HelsinkiTime.localDate(of: now))
        // Given an area's ID, its schedule is asked for while the list of areas is read to check
        // the ID: the two answers come in together instead of one after the other.
        let givenID = self.area.flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
        var early: Task<Loaded<[Show]>, any Error>?
        // Each show's run in the area's programme (the final show of a last chance, a rare movie's
        // shows, the first show back on screen): the programme is a second feed, asked for with
        // the schedule too, and not at all for a day whose shows have all started.
        var earlyRuns: Task<ScreenRuns, Never>?
        if let givenID {
            early = Task { [movie] in try await store.showtimes(area: givenID, date: day, movieID: movie) }
            earlyRuns = Task { await ScreenRuns.load(area: givenID, store: store, now: now, forShowsOf: day) }
        }
        defer {
            early?.cancel()
            earlyRuns?.cancel()
        }
        var area: TheatreArea?
        var areaName: String?
        if let name = self.area {
            area = try await store.area(matching: name)
        } else if let nearest = try nearOption.nearestArea(in: try await store.areas().value) {
            area = nearest.area
            areaName = nearest.heading
        }
        let areaID = area?.id ?? FeedStore.defaultScheduleAreaID
        let schedule: Loaded<[Show]>
        if let early, areaID == givenID {
            schedule = try await early.value
        } else {
            schedule = try await store.showtimes(area: areaID, date: day, movieID: movie)
        }
        let runs: ScreenRuns
        if let earlyRuns, areaID == givenID {
            runs = await earlyRuns.value
        } else {
            runs = await ScreenRuns.load(area: areaID, store: store, now: now, forShowsOf: day)
        }
        let followed = RunOption.followed(global, runs: runs)
        // Today, shows that have already started are of no use to anyone: leave them out; then
        // the filters' and `--run`'s choice.
        let filter = try filters.filter()
        let loaded = schedule.map { shows in
            let upcoming = day == HelsinkiTime.localDate(of: now) ? shows.filter { $0.start >= now } : shows
            // With no filter and no run asked for, the schedule's own array, not a copy of it.
            guard !filter.isEmpty || runOption.run != nil else { return upcoming }
            return upcoming.filter { show in
                filter.matches(show)
                    && (runOption.run.map {
                        runs.show(show, is: $0, followed: followed.contains(show.eventID), now: now)
                    } ?? true)
            }
        }
        // The shows carry the title; a movie with no shows that day is looked up by its ID (which
        // also says when there is no such movie).
        var movieTitle: String?
        if let movie {
            if let title = loaded.value.first?.title {
                movieTitle = title
            } else {
                movieTitle = try await store.movie(id: movie).title
            }
        }
        let output = Output(global)
        let format = DisplayFormat(strings: .english)
        let badges = { (show: Show) in
            runs.badges(of: show, followed: followed.contains(show.eventID), now: now, format: format)
        }
        if output.isJSON {
            return try await output.showJSON(loaded) { WithRuns($0, runs: runs, followed: followed, now: now) }
        }
        if areaName == nil { areaName = area?.name }
        if areaName == nil {
            areaName = try await store.areas().value.first { $0.id == areaID }?.name ?? "area \(areaID)"
        }
        try await output.showList(loaded) { shows in
            render(
                shows, runs: badges,
                heading: [movieTitle, areaName, Terminal.format.weekdayAndFullDate(day)].compactMap { $0 }.joined(
                    separator: " · "))
        }
    }

    /// `--theatre` given: the shows of those theatres, across areas.
    private func runInTheatres() async throws {
        let store = try global.makeStore()
        let now = Date()
        let day = date.resolve(today: HelsinkiTime.localDate(of: now))
        var theatres: [TheatreArea] = []
        for name in filters.theatre { theatres.append(try await store.area(matching: name)) }
        let filter = try filters.filter()
        let loaded = try await store.showtimes(areas: theatres.map(\.id), date: day, movieID: movie).map { listed in
            listed.map(\.show).filter {
                (day != HelsinkiTime.localDate(of: now) || $0.start >= now) && filter.matches($0)
            }
        }
        let output = Output(global)
        if output.isJSON { return try await output.showJSON(loaded) }
        let heading = (theatres.map(\.name) + [Terminal.format.weekdayAndFullDate(day)]).joined(separator: " · ")
        try await output.showList(loaded) { render($0, runs: { _ in [] }, heading: heading) }
    }

    private func render(_ shows: [Show], runs: (Show) -> [RunBadge], heading: String) -> String {
        guard !shows.isEmpty else {
            return heading + "\n\nNo shows. Try another --date or --area (see `finnkino areas`)."
        }
        // Theatres in the order of their first show; one table so columns line up across them.
        var theatres: [String] = []
        var showsByTheatre: [String: [Show]] = [:]
        for show in shows {
            if showsByTheatre[show.theatre] == nil { theatres.append(show.theatre) }
            showsByTheatre[show.theatre, default: []].append(show)
        }
        let grouped = theatres.flatMap { showsByTheatre[$0] ?? [] }
        var table = TextColumns(
            movie == nil
                ? [.init(title: "Time"), .init(title: "Title", flexible: true), .init(title: "Hall")]
                : [.init(title: "Time"), .init(title: "Hall")],
            width: 78)
        for show in grouped {
            let time = Terminal.format.timeRange(show.start, show.end)
            table.append(movie == nil ? [time, show.title, show.auditorium] : [time, show.auditorium])
        }
        let lines = table.render(header: false).split(separator: "\n", omittingEmptySubsequences: false)
        var output = heading
        var theatre: String?
        for (line, show) in zip(lines, grouped) {
            if show.theatre != theatre { output += "\n\n" + show.theatre }
            theatre = show.theatre
            output += "\n  " + line
            // What the show is, in words, under its time: the special screenings first.
            let badges = ShowBadge.badges(show.features, language: .en).map(\.text) + runs(show).map(\.text)
            if !badges.isEmpty { output += "\n    " + badges.joined(separator: " · ") }
        }
        return output + "\n\n\(shows.count) show\(shows.count == 1 ? "" : "s")."
    }
}
