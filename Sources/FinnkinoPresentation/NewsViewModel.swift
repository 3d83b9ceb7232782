import AppPatterns
import FinnkinoKit
import Foundation

/// The News screen: one row of cards per category.
public struct NewsViewModel: Sendable {
    /// One article as a card.
    public struct Card: Sendable, Hashable {
        /// `NewsArticle.id`.
        public var id: String
        public var title: String
        /// `27.2.2022`, or empty.
        public var date: String
        public var thumbnailURL: URL?
    }

    public struct Category: Sendable, Hashable {
        public var id: Int
        public var name: String
        public var cards: [Card]
    }

    public struct Outputs: Sendable {
        public var categoryID: Int?
        /// Every category, for a filter.
        public var allCategories: [NewsCategory] = []
        /// The rows to show: the categories (or the chosen one) that have articles.
        public var categories: [Category] = []
        public var emptyMessage: String?
        public var staleNotice: String?
        public var errorMessage: String?
        /// What the news could show: ``ScreenOutcome/unavailable`` with ``errorMessage``.
        public var outcome = ScreenOutcome.shown
    }

    public private(set) var outputs = Outputs()
    private let store: FeedStore
    private let format: DisplayFormat
    private let now: @Sendable () -> Date

    public init(store: FeedStore, strings: UIStrings, now: @escaping @Sendable () -> Date = Date.init) {
        self.store = store
        format = DisplayFormat(strings: strings)
        self.now = now
    }

    // MARK: Inputs

    /// The user chose a category (nil: all).
    public mutating func categorySelected(_ id: Int?) { outputs.categoryID = id }

    public mutating func load() async {
        let strings = format.strings
        outputs.errorMessage = nil
        outputs.outcome = .shown
        outputs.staleNotice = nil
        do {
            let categories = try await store.newsCategories().value
            let loaded = try await store.news(categoryID: outputs.categoryID)
            outputs.allCategories = categories
            let shown = outputs.categoryID.map { id in categories.filter { $0.id == id } } ?? categories
            outputs.categories = shown.compactMap { category in
                let cards = loaded.value.filter { $0.categories.contains { $0.id == category.id } }.map(card)
                return cards.isEmpty ? nil : Category(id: category.id, name: category.name, cards: cards)
            }
            outputs.staleNotice = format.staleNotice(loaded, now: now())
            outputs.emptyMessage = outputs.categories.isEmpty ? strings.noNews : nil
        } catch {
            outputs.categories = []
            outputs.emptyMessage = nil
            outputs.errorMessage = strings.loadFailed
            outputs.outcome = .unavailable
        }
    }

    private func card(_ article: NewsArticle) -> Card {
        Card(
            id: article.id, title: article.title, date: article.publishDate.map(format.date) ?? "",
            thumbnailURL: article.thumbnailURL ?? article.imageURL)
    }
}

extension NewsViewModel: ObservingScreen {
    /// The chosen category's news and the list of categories.
    public var observedFeeds: [ObservedFeed] {
        [ObservedFeed(store.newsFeed(categoryID: outputs.categoryID)), ObservedFeed(store.newsCategoriesFeed())]
    }
}
