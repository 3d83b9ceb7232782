import Foundation

/// A news category (NewsCategories, and inside each article).
public struct NewsCategory: Sendable, Hashable, Codable, Identifiable {
    public var id: Int
    public var name: String
    /// Only some answers carry it.
    public var articleCount: Int?

    public init(id: Int, name: String, articleCount: Int? = nil) {
        self.id = id
        self.name = name
        self.articleCount = articleCount
    }
}

/// A Finnkino news article (News/NewsArticle).
public struct NewsArticle: Sendable, Hashable, Codable {
    public var title: String
    public var publishDate: LocalDate?
    /// Plain text with HTML entities decoded; may be empty.
    public var lead: String
    /// An HTML fragment from the feed, named entities turned into characters (markup-significant
    /// ones stay escaped). Not sanitised: a view must sanitise it to an allow-list before rendering.
    public var htmlContent: String
    public var articleURL: URL?
    public var imageURL: URL?
    public var thumbnailURL: URL?
    public var categories: [NewsCategory]

    public init(
        title: String, publishDate: LocalDate?, lead: String, htmlContent: String, articleURL: URL?,
        imageURL: URL?, thumbnailURL: URL?, categories: [NewsCategory]
    ) {
        self.title = title
        self.publishDate = publishDate
        self.lead = lead
        self.htmlContent = htmlContent
        self.articleURL = articleURL
        self.imageURL = imageURL
        self.thumbnailURL = thumbnailURL
        self.categories = categories
    }

    /// A stable identifier: the number at the end of the article URL when there is one, else a
    /// hash-free slug of date and title.
    public var id: String {
        if let last = articleURL?.pathComponents.last, Int(last) != nil { return last }
        let slug = title.lowercased().unicodeScalars
            .map { CharacterSet.alphanumerics.contains($0) ? Character($0) : "-" }
        return "\(publishDate?.description ?? "undated")-\(String(slug).prefix(40))"
    }
}
