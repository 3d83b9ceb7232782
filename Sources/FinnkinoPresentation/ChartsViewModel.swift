import AppPatterns
import FinnkinoKit
import Foundation

/// The International screen: one of the three lists, a page at a time (the view appends the next
/// page as the person scrolls).
public struct ChartsViewModel: Sendable {
    public struct Row: Sendable, Hashable {
        public var id: Int
        public var title: String
        /// `2025 · 7.4` style facts: release and audience score.
        public var facts: String
        public var posterURL: URL?
    }

    public struct Outputs: Sendable {
        public var list: ChartList = .boxOffice
        public var page = 1
        public var rows: [Row] = []
        /// The page to ask for next; nil on the last page.
        public var nextPage: Int?
        public var emptyMessage: String?
        public var errorMessage: String?
        /// What the list could show: ``ScreenOutcome/unavailable`` with ``errorMessage``.
        public var outcome = ScreenOutcome.shown
        /// The age of the data when the source could not be reached.
        public var staleNotice: String?

        public init(list: ChartList = .boxOffice, page: Int = 1) {
            self.list = list
            self.page = page
        }
    }

    public private(set) var outputs = Outputs()
    private let store: FeedStore
    private let words: ChartStrings
    private let format: DisplayFormat
    private let now: @Sendable () -> Date

    public init(
        store: FeedStore, strings: UIStrings, words: ChartStrings, now: @escaping @Sendable () -> Date = Date.init
    ) {
        self.store = store
        self.words = words
        format = DisplayFormat(strings: strings)
        self.now = now
    }

    /// Loads `page` of `list`.
    public mutating func load(_ list: ChartList, page: Int) async {
        outputs = Outputs(list: list, page: page)
        do {
            let loaded = try await store.chartPage(list, page: page)
            let images = try? await store.chartImages()
            let today = HelsinkiTime.localDate(of: now())
            outputs.rows = loaded.value.movies.map { movie in
                var facts: [String] = []
                if let date = movie.releaseDate {
                    facts.append((date > today ? words.comingOn + " " : "") + format.date(date))
                }
                facts.append(movie.voteCount > 0 ? String(format: "★ %.1f", movie.voteAverage) : words.noVotes)
                return Row(
                    id: movie.id, title: movie.title, facts: facts.joined(separator: " · "),
                    posterURL: images?.poster(movie.posterPath, width: 92))
            }
            outputs.nextPage = loaded.value.hasNextPage && page < 500 ? page + 1 : nil
            outputs.emptyMessage = outputs.rows.isEmpty ? words.noMovies : nil
            outputs.staleNotice = format.staleNotice(loaded, now: now())
        } catch let error as FeedStoreError {
            outputs.errorMessage = words.unavailable + " (" + error.description + ")"
            outputs.outcome = .unavailable
        } catch {
            outputs.errorMessage = words.unavailable
            outputs.outcome = .unavailable
        }
    }
}
