import FinnkinoKit
import Foundation

/// "Tell me when it's on": what a person does to their wanted movies from a movie's page or the
/// Bookmarks page (want a movie, no longer want it), to their private feeds (new addresses) and to
/// their weekly digest (on, when, how; off). Its output is what they are told; the outcome says
/// what happened.
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
        case digestOn
        case digestOff
        /// A digest on with no way to go (neither push nor feed): nothing changed.
        case digestNowhere
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
        let title = try wanted.wanted(id, by: person)?.title
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

    /// The person turned their weekly digest on (`on`) for `weekday` (1 = Monday) at `hour`, by
    /// push and/or in their feed, or off. A day or hour that is none is the store's error to never
    /// see: the form offers only real ones, and anything else is refused before this (nil).
    public mutating func digestChosen(
        on: Bool, weekday: Int, hour: Int, push: Bool, feed: Bool
    ) throws(WantedMoviesError) -> Outcome? {
        guard on else {
            try wanted.setDigest(nil, of: person, now: now())
            outputs.message = language.digest.off
            return .digestOff
        }
        guard (1...7).contains(weekday), (0...23).contains(hour) else { return nil }
        guard let settings = WeeklyDigest.Settings(weekday: weekday, hour: hour, push: push, feed: feed) else {
            outputs.message = language.digest.nowhere
            return .digestNowhere
        }
        try wanted.setDigest(settings, of: person, now: now())
        let next = settings.slot(after: now())
        let format = DisplayFormat(strings: language.strings)
        outputs.message = language.digest.saved(
            format.weekdayAndDate(HelsinkiTime.localDate(of: next)) + " " + HelsinkiTime.clockTime(of: next))
        return .digestOn
    }

    /// The digest form's choices as they are now: off until the person turns it on, then theirs.
    public struct DigestForm: Sendable, Equatable {
        public var on: Bool
        public var weekday: Int
        public var hour: Int
        public var push: Bool
        public var feed: Bool
        /// The day names, Monday first, and the hours, in the person's language.
        public var weekdays: [String]
    }

    /// What the Bookmarks page's digest form shows (Friday 17:00, by push and feed, while off).
    public func digestForm() -> DigestForm {
        let digest = try? wanted.digest(of: person)
        let settings = digest?.settings
        return DigestForm(
            on: settings != nil, weekday: settings?.weekday ?? 5, hour: settings?.hour ?? 17,
            push: settings?.push ?? true, feed: settings?.feed ?? true, weekdays: language.strings.weekdays)
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
