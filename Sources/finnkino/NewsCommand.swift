import ArgumentParser
import FinnkinoKit

struct NewsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "news", abstract: "Read Finnkino news, grouped by category.")

    @OptionGroup var global: GlobalOptions

    @Option(help: ArgumentHelp("Only this category: a name or an ID.", valueName: "name|id"))
    var category: String?

    func run() async throws {
        let store = try global.makeStore()
        let categories = try await store.newsCategories().value
        let chosen = try category.map { try Self.match($0, in: categories) }
        let loaded = try await store.news(categoryID: chosen?.id)
        try await Output(global).showList(loaded) { articles in
            render(articles, categories: chosen.map { [$0] } ?? categories)
        }
    }

    static func match(_ text: String, in categories: [NewsCategory]) throws -> NewsCategory {
        if let id = Int(text), let found = categories.first(where: { $0.id == id }) { return found }
        let key = SearchKey(text)
        let matches = categories.filter { SearchKey($0.name).hasPrefix(key) }
        if let exact = matches.first(where: { SearchKey($0.name) == key }) { return exact }
        guard matches.count == 1, let only = matches.first else {
            let names = categories.map { "\($0.name) (\($0.id))" }.joined(separator: ", ")
            throw CommandFailure(
                matches.isEmpty
                    ? "no news category matches \"\(text)\"; categories: \(names)"
                    : "\"\(text)\" could be " + matches.map { "\($0.name) (\($0.id))" }.joined(separator: ", "))
        }
        return only
    }

    private func render(_ articles: [NewsArticle], categories: [NewsCategory]) -> String {
        guard !articles.isEmpty else { return "No news." }
        var sections: [String] = []
        for category in categories {
            let inCategory = articles.filter { $0.categories.contains { $0.id == category.id } }
            guard !inCategory.isEmpty else { continue }
            let items = inCategory.map { article in
                let date = article.publishDate.map(Terminal.format.date) ?? ""
                let title = "  " + date + (date.isEmpty ? "" : "  ") + article.title
                return article.lead.isEmpty ? title : title + "\n" + Terminal.wrap(article.lead, indent: "    ")
            }
            sections.append("\(category.name)\n" + items.joined(separator: "\n"))
        }
        let uncategorised = articles.filter { article in
            !article.categories.contains { c in categories.contains { $0.id == c.id } }
        }
        if !uncategorised.isEmpty && categories.count > 1 {
            sections.append("Other\n" + uncategorised.map { "  " + $0.title }.joined(separator: "\n"))
        }
        return sections.joined(separator: "\n\n")
    }
}
