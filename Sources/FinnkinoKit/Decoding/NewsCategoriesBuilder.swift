/// Builds `[NewsCategory]` from `<NewsCategories><NewsArticleCategory>…`.
final class NewsCategoriesBuilder: FinnkinoDocumentBuilder {
    private var values = LeafValueParser()
    private var categories: [NewsCategory] = []
    private var category = NewsCategoryDraft()

    func start(_ element: FinnkinoElement, in parent: FinnkinoElement) throws(DocumentBuildError) -> ElementRole {
        switch (parent, element) {
        case (.newsCategories, .newsArticleCategory):
            category = NewsCategoryDraft()
            return .container
        case (.newsArticleCategory, _):
            return NewsCategoryDraft.accepts(element) ? .leaf : .ignored
        default:
            return .ignored
        }
    }

    func end(_ element: FinnkinoElement, in parent: FinnkinoElement, text: UnsafeBufferPointer<UInt8>)
        throws(DocumentBuildError)
    {
        switch parent {
        case .newsCategories: categories.append(try category.build())
        case .newsArticleCategory: try category.set(element, text, values: &values)
        default: break
        }
    }

    func finish() throws(DocumentBuildError) -> [NewsCategory] {
        categories
    }
}

/// The fields of a `<NewsArticleCategory>` while it is read (in NewsCategories and in articles).
struct NewsCategoryDraft {
    private var id: Int?
    private var name = ""
    private var articleCount: Int?

    static func accepts(_ element: FinnkinoElement) -> Bool {
        element == .id || element == .name || element == .newsArticleCount
    }

    mutating func set(_ element: FinnkinoElement, _ text: UnsafeBufferPointer<UInt8>, values: inout LeafValueParser)
        throws(DocumentBuildError)
    {
        switch element {
        case .id: id = try values.requiredInt(text, element)
        case .name: name = values.string(text)
        case .newsArticleCount: articleCount = try values.int(text, element)
        default: break
        }
    }

    func build() throws(DocumentBuildError) -> NewsCategory {
        guard let id else { throw .missing(.id, in: .newsArticleCategory) }
        return NewsCategory(id: id, name: name, articleCount: articleCount)
    }
}
