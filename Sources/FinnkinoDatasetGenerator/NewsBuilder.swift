import AppPatterns
import Foundation

/// One invented news article.
struct InventedNews {
    var id: Int
    var published: CalendarDay
    var title: LocalizedText
    var lead: LocalizedText
    /// Paragraphs of plain text; the document writer turns them into an HTML fragment.
    var paragraphs: [LocalizedText]
    var heading: LocalizedText
    var categories: [Vocabulary.NewsCategorySeed]
    var eventID: Int?
    var artSeed: UInt64

    var imagePath: String { "media/news/\(id)/image.jpg" }
    var thumbnailPath: String { "media/news/\(id)/thumbnail.jpg" }
}

/// Writes the news articles from headline and paragraph templates.
struct NewsBuilder {
    var events: [InventedEvent]
    var anchor: CalendarDay
    var random: SplitMix64

    mutating func build(count: Int) -> [InventedNews] {
        var articles: [InventedNews] = []
        var daysBack = 0
        for index in 0..<count {
            let headline = Vocabulary.newsHeadlines[index % Vocabulary.newsHeadlines.count]
            let event = random.pick(events.filter { !$0.isDubbed })
            let theatre = random.pick(TheatreCatalog.listed2019)
            func fill(_ text: LocalizedText) -> LocalizedText {
                func one(_ template: String, _ language: DatasetLanguage) -> String {
                    template.replacingOccurrences(of: "{title}", with: event.title[language])
                        .replacingOccurrences(of: "{theatre}", with: theatre.name)
                }
                return LocalizedText(one(text.fi, .fi), one(text.en, .en))
            }
            guard let category = Vocabulary.newsCategories.first(where: { $0.id == headline.category }) else {
                continue
            }
            var categories = [category]
            if random.chance(30), let extra = Vocabulary.newsCategories.first(where: { $0.id == 1007 }),
                extra.id != category.id
            {
                categories.append(extra)
            }
            let paragraphs = random.pick(random.between(2, 3), from: Vocabulary.newsParagraphs).map(fill)
            articles.append(
                InventedNews(
                    id: 7_101 + index * 3, published: anchor.adding(days: -daysBack), title: fill(headline.text),
                    lead: paragraphs[0], paragraphs: paragraphs, heading: LocalizedText(event.title.fi, event.title.en),
                    categories: categories, eventID: index % 10 == 7 ? nil : event.id, artSeed: random.next()))
            daysBack += random.between(0, 4)
        }
        if articles.count > 2 { articles[2].lead = LocalizedText(same: "") }
        return articles
    }
}
