/// The bundled dataset's `manifest.json` (written by `finnkino-dataset`).
public struct BundledManifest: Codable, Sendable, Equatable {
    public struct Area: Codable, Sendable, Equatable {
        public var id: Int
        /// Show `TheatreID`s the area selects.
        public var theatreIDs: [Int]
    }

    /// The documents of one language, as paths relative to the dataset folder.
    public struct Documents: Codable, Sendable, Equatable {
        public var theatreAreas: String
        public var eventsNowInTheatres: String
        public var eventsComingSoon: String
        public var news: String
        public var newsCategories: String
        public var languages: String
        /// One Schedule document per dataset day, in day order.
        public var schedule: [String]
    }

    public struct ScheduleDay: Codable, Sendable, Equatable {
        /// The dataset date, `2025-03-24`.
        public var date: String
        /// Theatre ID (as text) -> the event IDs with shows there that day.
        public var eventIDsByTheatre: [String: [Int]]
    }

    public struct File: Codable, Sendable, Equatable {
        public var path: String
        public var bytes: Int
    }

    public var formatVersion: Int
    /// The first day of the schedule window, `2025-03-24`.
    public var anchorDate: String
    public var dayCount: Int
    /// The area a request without `area=` gets.
    public var defaultAreaID: Int
    public var areas: [Area]
    /// Language code (`fi`, `en`) -> its documents.
    public var languages: [String: Documents]
    /// Languages answered with another language's files, e.g. `sv` -> `fi`.
    public var languageFallbacks: [String: String]
    public var scheduleDays: [ScheduleDay]
    /// Every file of the dataset except the manifest.
    public var files: [File]

    /// The format version this code reads.
    public static let supportedFormatVersion = 1
}
