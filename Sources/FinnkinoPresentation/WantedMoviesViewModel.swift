import FinnkinoKit
import Foundation

/// "Tell me when it's on": what a person does to their wanted movies from a movie's page or the
/// Bookmarks page (want a movie, no longer want it) and to their private feeds (new addresses).
/// Its output is what they are told; the outcome says what happened.
public struct WantedMoviesViewModel: Sendable {
    public struct Outputs: Sendable, Equatable {
        /// What the last action did, in words.
        public var message: String?
    }

    public enum Outcome: Sendable, Equatable {
        case wanted
        /// The person already waits for ``WantedMovies/limit`` movies.
        case full
        /// The source lists no such movie (an announcement names the source's title only).
        case notListed
        case unwanted
        case feedsRenewed
    }

    public private(set) var outputs = Outputs()
    /// The feeds that name a movie wanted; nil when they cannot be opened (then nothing can be
    /// wanted, and the rest works).
    private let store: FeedStore?
    private let wanted: any WantedMovies
    private let person: PersonID
    private let language: UILanguage
    private let now: @Sendable () -> Date

    public init(
        store: FeedStore?, wanted: any WantedMovies, person: PersonID, language: UILanguage,
        now: @escaping @Sendable () -> Date = Date.init
    ) {
        self.store = store
        self.wanted = wanted
        self.person = person
        self.language = language
        self.now = now
    }

    // MARK: Inputs

    /// The person wants to be told when movie `id` is on, by the title the source gives now.
    public mutating func wantSelected(_ id: Int) async throws -> Outcome {
        guard let title = await sourceTitle(of: id) else { return .notListed }
        return try want(id, title: title)
    }

    /// The person no longer waits for movie `id`.
    public mutating func unwantSelected(_ id: Int) throws(WantedMoviesError) -> Outcome {
        let title = try wanted.wanted(by: person).first { $0.movieID == id }?.title
        try wanted.unwant(id, by: person)
        outputs.message = language.alerts.unwanted(title ?? language.shows.movieNoLongerListed(String(id)))
        return .unwanted
    }

    /// The person asked for new addresses of their private feeds (the old ones stop working).
    public mutating func renewFeedsSelected() throws(WantedMoviesError) -> Outcome {
        _ = try wanted.renewFeeds(of: person)
        outputs.message = language.alerts.feedsRenewed
        return .feedsRenewed
    }

    // The steps of `wantSelected` are functions of their own, not inlined, and the store's typed
    // errors are met (and made untyped) only outside the async function: Swift 6.3.1's optimizer
    // crashed (signal 11, splitting the coroutine) on an async function with them inside it, in
    // release builds only.

    @inline(never)
    private func sourceTitle(of id: Int) async -> String? {
        try? await store?.movie(id: id).title
    }

    @inline(never)
    private mutating func want(_ id: Int, title: String) throws -> Outcome {
        guard try wanted.want(id, title: title, by: person, now: now()) else {
            outputs.message = language.alerts.full
            return .full
        }
        outputs.message = language.alerts.wanted(title)
        return .wanted
    }
}
