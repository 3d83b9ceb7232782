/// `manifest.json`: what the bundled transport needs to find and index the files. Mirrored by
/// `BundledManifest` in FinnkinoKit (a test checks that it decodes the committed file).
struct DatasetManifest: Codable {
    struct Area: Codable {
        var id: Int
        var theatreIDs: [Int]
    }

    /// The documents of one language, as paths relative to the dataset folder.
    struct Documents: Codable {
        var theatreAreas: String
        var eventsNowInTheatres: String
        var eventsComingSoon: String
        var news: String
        var newsCategories: String
        var languages: String
        /// One Schedule document per dataset day, in day order.
        var schedule: [String]
    }

    struct ScheduleDay: Codable {
        /// The dataset date, `2025-03-24`.
        var date: String
        /// Theatre ID (as text, a JSON key) -> the event IDs with shows there that day, ascending.
        var eventIDsByTheatre: [String: [Int]]
    }

    struct File: Codable {
        var path: String
        var bytes: Int
    }

    var formatVersion: Int
    var anchorDate: String
    var dayCount: Int
    var defaultAreaID: Int
    var areas: [Area]
    var languages: [String: Documents]
    /// Languages answered with another language's files, e.g. `sv` -> `fi`.
    var languageFallbacks: [String: String]
    var scheduleDays: [ScheduleDay]
    /// Every file of the dataset except this manifest, sorted by path.
    var files: [File]
}
