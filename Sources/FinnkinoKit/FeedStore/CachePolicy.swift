import Foundation

/// How long each feed's last answer counts as fresh before it is asked for again. Older answers
/// are still served when the source cannot be reached (stale-while-revalidate).
public struct CachePolicy: Sendable, Hashable {
    public var areas: TimeInterval
    public var events: TimeInterval
    public var schedule: TimeInterval
    public var scheduleDates: TimeInterval
    public var news: TimeInterval
    public var newsCategories: TimeInterval

    public init(
        areas: TimeInterval, events: TimeInterval, schedule: TimeInterval, scheduleDates: TimeInterval,
        news: TimeInterval, newsCategories: TimeInterval
    ) {
        self.areas = areas
        self.events = events
        self.schedule = schedule
        self.scheduleDates = scheduleDates
        self.news = news
        self.newsCategories = newsCategories
    }

    /// Areas change a few times a year, listings daily, showtimes (sold-out, added shows) hourly.
    public static let standard = CachePolicy(
        areas: 24 * 3600, events: 3600, schedule: 15 * 60, scheduleDates: 3600, news: 3600,
        newsCategories: 24 * 3600)
}
