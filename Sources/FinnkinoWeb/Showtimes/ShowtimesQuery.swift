import FinnkinoKit
import FinnkinoPresentation

/// The Showtimes screen's query: `movie=…`, `area=…`, `date=2026-11-29`, and the filter's parts:
/// `spoken=fi`, `subs=sv`, `format=3d`, `access=hoh` (or `sign`), `from=18:00`, `until=23:30`
/// (past midnight as `25:00`), `mine=1`; and `run=last|rare|back` (``ScreenRuns``). What is not one of these, or not a value it takes, is
/// left out: the page shows every show then, never an error.
struct ShowtimesQuery: ScreenQuery {
    var movie: Int?
    /// Nil when the address names no area.
    var area: AreaChoice?
    var date: LocalDate?
    var filter = ShowFilter()
    var run: ScreenRuns.Kind?

    init(
        movie: Int? = nil, area: AreaChoice? = nil, date: LocalDate? = nil, filter: ShowFilter = ShowFilter(),
        run: ScreenRuns.Kind? = nil
    ) {
        self.movie = movie
        self.area = area
        self.date = date
        self.filter = filter
        self.run = run
    }

    /// The Showtimes screen as `outputs` show it, on `date` (another day's link) and in `area`
    /// (another area's link).
    init(_ outputs: ShowtimesViewModel.Outputs, date: LocalDate, area: Int? = nil) {
        self.init(
            movie: outputs.movieID, area: .area(area ?? outputs.selectedArea), date: date, filter: outputs.filter,
            run: outputs.run)
    }

    init(values: [String: String]) {
        movie = values["movie"].flatMap { Int($0) }
        area = values["area"].flatMap { AreaChoice(parameter: $0) }
        date = values["date"].flatMap { LocalDate(iso: $0) }
        filter = ShowFilter(
            spoken: values["spoken"].flatMap(ShowFilter.languageCode),
            subtitles: values["subs"].flatMap(ShowFilter.languageCode),
            picture: values["format"].flatMap(ShowFilter.Picture.init(rawValue:)),
            accessibility: values["access"].flatMap(ShowFilter.Accessibility.init(rawValue:)),
            startsFrom: values["from"].flatMap(ShowFilter.minutes), endsBy: values["until"].flatMap(ShowFilter.minutes),
            onlyMyTheatres: values["mine"] == "1")
        run = values["run"].flatMap(ScreenRuns.Kind.init(rawValue:))
    }

    var parts: [(name: String, value: String)] {
        var parts: [(name: String, value: String)] = []
        if let movie { parts.append(("movie", String(movie))) }
        if let area = area?.parameter { parts.append(("area", area)) }
        if let date { parts.append(("date", date.description)) }
        if let spoken = filter.spoken { parts.append(("spoken", spoken)) }
        if let subtitles = filter.subtitles { parts.append(("subs", subtitles)) }
        if let picture = filter.picture { parts.append(("format", picture.rawValue)) }
        if let accessibility = filter.accessibility { parts.append(("access", accessibility.rawValue)) }
        if let startsFrom = filter.startsFrom { parts.append(("from", ShowFilter.clock(startsFrom))) }
        if let endsBy = filter.endsBy { parts.append(("until", ShowFilter.clock(endsBy))) }
        if filter.onlyMyTheatres { parts.append(("mine", "1")) }
        if let run { parts.append(("run", run.rawValue)) }
        return parts
    }
}
