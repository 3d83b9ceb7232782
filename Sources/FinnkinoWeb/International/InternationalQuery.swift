import FinnkinoKit

/// The International tab's query: `list=box-office|upcoming|top` (box office when not said) and
/// `page=2…500` (the first when not said).
struct InternationalQuery: ScreenQuery {
    var list: ChartList
    var page: Int

    init(list: ChartList = .boxOffice, page: Int = 1) {
        self.list = list
        self.page = page
    }

    /// The list's name in addresses.
    static func name(_ list: ChartList) -> String {
        switch list {
        case .boxOffice: "box-office"
        case .upcoming: "upcoming"
        case .topRated: "top"
        }
    }

    /// Unlike the other screens', a list or a page that is not one is no page at all: nil (404).
    static func requested(_ values: [String: String]) -> InternationalQuery? {
        let list = values["list"].map { name in ChartList.allCases.first { Self.name($0) == name } } ?? .boxOffice
        guard let list, let page = values["page"].map({ Int($0) }) ?? 1, (1...500).contains(page) else { return nil }
        return InternationalQuery(list: list, page: page)
    }

    init(values: [String: String]) {
        self = Self.requested(values) ?? InternationalQuery()
    }

    var parts: [(name: String, value: String)] {
        [("list", Self.name(list))] + (page > 1 ? [("page", String(page))] : [])
    }
}
