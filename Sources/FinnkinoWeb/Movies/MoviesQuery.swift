import FinnkinoKit
import FinnkinoPresentation

/// The Movies screen's query: `area=1002|all`, `list=now|soon`, `q=…` with `scope=begins|contains`,
/// `sort=premiere|score|length` (by title when not said), `run=last|rare|back` (``ScreenRuns``).
struct MoviesQuery: ScreenQuery {
    /// Nil when the address names no area.
    var area: AreaChoice?
    var list: EventListType = .nowInTheatres
    /// At most 100 characters are read.
    var text = ""
    var scope: SearchScope = .beginsWith
    var sort: MovieSort = .title
    var run: ScreenRuns.Kind?

    init(
        area: AreaChoice? = nil, list: EventListType = .nowInTheatres, text: String = "",
        scope: SearchScope = .beginsWith, sort: MovieSort = .title, run: ScreenRuns.Kind? = nil
    ) {
        self.area = area
        self.list = list
        self.text = text
        self.scope = scope
        self.sort = sort
        self.run = run
    }

    /// The Movies screen as `movies` keeps it (what `/` reopens).
    init(_ movies: AppPlace.Movies) {
        self.init(
            area: AreaChoice(movies.area), list: movies.list, text: movies.searchText, scope: movies.scope,
            sort: movies.sort ?? .title, run: movies.run)
    }

    /// The Movies screen as `outputs` show it.
    init(_ outputs: MoviesViewModel.Outputs) {
        self.init(
            area: AreaChoice(outputs.selectedArea), list: outputs.list, text: outputs.searchText,
            scope: outputs.scope, sort: outputs.sort, run: outputs.offersRuns ? outputs.run : nil)
    }

    init(values: [String: String]) {
        area = values["area"].flatMap { AreaChoice(parameter: $0) }
        list = values["list"] == "soon" ? .comingSoon : .nowInTheatres
        text = String((values["q"] ?? "").prefix(100))
        scope = values["scope"] == "contains" ? .contains : .beginsWith
        sort = values["sort"].flatMap(MovieSort.init(rawValue:)) ?? .title
        run = values["run"].flatMap(ScreenRuns.Kind.init(rawValue:))
    }

    var parts: [(name: String, value: String)] {
        var parts: [(name: String, value: String)] = []
        if let area = area?.parameter { parts.append(("area", area)) }
        parts.append(("list", list == .comingSoon ? "soon" : "now"))
        if !text.isEmpty {
            parts.append(("q", text))
            parts.append(("scope", scope == .contains ? "contains" : "begins"))
        }
        if sort != .title { parts.append(("sort", sort.rawValue)) }
        if let run { parts.append(("run", run.rawValue)) }
        return parts
    }
}
