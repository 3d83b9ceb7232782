import Foundation

/// A person's weekly digest, "your list this week": the movies they follow (wanted or
/// bookmarked, which is where an imported watchlist's films go) with their shows in the person's
/// areas over the week. Off until the person turns it on; then at most one a week, at the weekday
/// and hour they chose (Helsinki time), by push, as an entry of their Atom feed, or both.
///
/// Each digest has its *slot*, the hour it is due. The store keeps the next slot and takes a slot
/// once (``WantedMovies/markDigestSent(_:of:next:)``), so of several instances only one sends it.
public struct WeeklyDigest: Sendable, Equatable {
    /// What the person chose.
    public struct Settings: Sendable, Equatable {
        /// The day it comes, Monday = 1 ... Sunday = 7 (ISO 8601).
        public let weekday: Int
        /// The hour it comes, 0...23, Helsinki time.
        public let hour: Int
        /// By push, to the person's subscribed browsers.
        public let push: Bool
        /// As an entry of the person's Atom feed.
        public let feed: Bool

        /// Nil when the day or hour is none, or the digest would go nowhere.
        public init?(weekday: Int, hour: Int, push: Bool, feed: Bool) {
            guard (1...7).contains(weekday), (0...23).contains(hour), push || feed else { return nil }
            self.weekday = weekday
            self.hour = hour
            self.push = push
            self.feed = feed
        }

        /// The first slot after `instant`: the next chosen weekday at the chosen hour, Helsinki
        /// time (at the change of summer time, the hour as the wall clock reads it).
        public func slot(after instant: Date) -> Date {
            let today = HelsinkiTime.localDate(of: instant)
            for offset in 0...7 {
                let day = today.adding(days: offset)
                guard HelsinkiTime.isoWeekday(of: day) == weekday else { continue }
                let slot = HelsinkiTime.instant(of: day, hour: hour, minute: 0)
                if slot > instant { return slot }
            }
            // Only reachable when the wall-clock hour of today's slot has passed: a week on.
            return HelsinkiTime.instant(of: today.adding(days: 7), hour: hour, minute: 0)
        }
    }

    /// A digest as it was sent: its slot and its words (what the Atom entry shows).
    public struct Sent: Sendable, Equatable {
        public let slot: Date
        public let title: String
        public let text: String

        public init(slot: Date, title: String, text: String) {
            self.slot = slot
            self.title = String(title.prefix(WeeklyDigest.titleLimit))
            self.text = String(text.prefix(WeeklyDigest.textLimit))
        }
    }

    public let person: PersonID
    public let settings: Settings
    /// When the next digest is due.
    public let nextSlot: Date
    /// The last digest sent (nil before the first).
    public let last: Sent?

    public init(person: PersonID, settings: Settings, nextSlot: Date, last: Sent?) {
        self.person = person
        self.settings = settings
        self.nextSlot = nextSlot
        self.last = last
    }

    /// The most characters kept of a digest's title and text: a digest lists at most
    /// ``WantedMovieLimits/perPerson`` movies plus bookmarks, one short line each.
    public static let titleLimit = 200
    public static let textLimit = 20_000
}
