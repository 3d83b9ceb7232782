/// `/live`'s query: `page=…`, the address of the page whose live updates are asked for.
struct LiveQuery: ScreenQuery {
    var page: String?

    init(page: String?) { self.page = page }

    init(values: [String: String]) { page = values["page"] }

    var parts: [(name: String, value: String)] { page.map { [("page", $0)] } ?? [] }
}
