import FinnkinoPresentation

/// The Bookmarks screen's query: `area=1002`, the area of the next shows it names.
struct BookmarksQuery: ScreenQuery {
    var area: AreaChoice?

    init(area: Int) { self.area = .area(area) }

    init(values: [String: String]) { area = values["area"].flatMap { AreaChoice(parameter: $0) } }

    var parts: [(name: String, value: String)] { area?.parameter.map { [("area", $0)] } ?? [] }
}
