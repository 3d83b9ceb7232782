/// The News screen's query: `category=1007` (nil: every category).
struct NewsQuery: ScreenQuery {
    var category: Int?

    init(category: Int? = nil) { self.category = category }

    init(values: [String: String]) { category = values["category"].flatMap { Int($0) } }

    var parts: [(name: String, value: String)] { category.map { [("category", String($0))] } ?? [] }
}
