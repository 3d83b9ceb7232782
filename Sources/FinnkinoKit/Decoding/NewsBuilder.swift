import Foundation

/// Builds `[NewsArticle]` from `<News><NewsArticle>…</NewsArticle></News>`.
final class NewsBuilder: FinnkinoDocumentBuilder {
    private var values = LeafValueParser()
    private var articles: [NewsArticle] = []
    private var article = NewsArticle(
        title: "", publishDate: nil, lead: "", htmlContent: "", articleURL: nil, imageURL: nil, thumbnailURL: nil,
        categories: [])
    private var category = NewsCategoryDraft()

    func start(_ element: FinnkinoElement, in parent: FinnkinoElement) throws(DocumentBuildError) -> ElementRole {
        switch (parent, element) {
        case (.news, .newsArticle):
            article = NewsArticle(
                title: "", publishDate: nil, lead: "", htmlContent: "", articleURL: nil, imageURL: nil,
                thumbnailURL: nil, categories: [])
            return .container
        case (.newsArticle, .categories):
            return .container
        case (.newsArticle, .title), (.newsArticle, .publishDate), (.newsArticle, .htmlLead),
            (.newsArticle, .htmlContent), (.newsArticle, .articleURL), (.newsArticle, .imageURL),
            (.newsArticle, .thumbnailURL):
            return .leaf
        case (.categories, .newsArticleCategory):
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
        case .news: articles.append(article)
        case .newsArticle:
            switch element {
            case .title: article.title = HTMLEntityDecoder.plainText(values.uniqueString(text))
            case .publishDate: article.publishDate = try values.localDate(text, element)
            case .htmlLead: article.lead = HTMLEntityDecoder.plainText(values.uniqueString(text))
            case .htmlContent: article.htmlContent = HTMLEntityDecoder.htmlFragment(values.uniqueString(text))
            case .articleURL: article.articleURL = values.url(text)
            case .imageURL: article.imageURL = values.url(text)
            case .thumbnailURL: article.thumbnailURL = values.url(text)
            default: break
            }
        case .categories: article.categories.append(try category.build())
        case .newsArticleCategory: try category.set(element, text, values: &values)
        default: break
        }
    }

    func finish() throws(DocumentBuildError) -> [NewsArticle] {
        articles
    }
}
