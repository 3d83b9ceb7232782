import AppPatterns
import FinnkinoKit
import Foundation

/// The Article screen: one news article. Its content is the feed's HTML, unsanitised: a view must
/// sanitise it to an allow-list before showing it.
public struct ArticleViewModel: Sendable {
    public struct Outputs: Sendable {
        public var articleID: String?
        public var title = ""
        /// `27.2.2022`, or empty.
        public var date = ""
        public var lead = ""
        public var contentHTML = ""
        public var imageURL: URL?
        public var articleURL: URL?
        public var errorMessage: String?
        /// Whether the article is shown, unknown to the source, or cannot be read.
        public var outcome = ScreenOutcome.shown
    }

    public private(set) var outputs = Outputs()
    private let store: FeedStore
    private let format: DisplayFormat

    public init(store: FeedStore, strings: UIStrings) {
        self.store = store
        format = DisplayFormat(strings: strings)
    }

    // MARK: Inputs

    /// The user opened an article (`NewsArticle.id`).
    public mutating func articleSelected(_ id: String) { outputs.articleID = id }

    public mutating func load() async {
        let strings = format.strings
        do {
            guard let id = outputs.articleID, let article = try await store.news().value.first(where: { $0.id == id })
            else {
                outputs.errorMessage = strings.articleNotFound
                outputs.outcome = .notFound
                return
            }
            outputs.errorMessage = nil
            outputs.outcome = .shown
            outputs.title = article.title
            outputs.date = article.publishDate.map(format.date) ?? ""
            outputs.lead = article.lead
            outputs.contentHTML = article.htmlContent
            outputs.imageURL = article.imageURL
            outputs.articleURL = article.articleURL
        } catch {
            outputs.errorMessage = strings.loadFailed
            outputs.outcome = .unavailable
        }
    }
}
