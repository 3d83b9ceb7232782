import Foundation

/// Decodes the Finnkino XML API's answers into the FinnkinoKit models, streaming them through
/// libxml2's SAX2 parser (no DOM, no per-element strings for names).
///
/// Unknown elements are skipped at any depth, missing optional ones give nil or empty values,
/// and every quirk of the wire format is handled (see `Tests/FinnkinoKitTests/Fixtures/anchors`).
/// Anything else (malformed, truncated or empty bodies, a wrong root element such as an HTML
/// error page, a DOCTYPE, a record without a required field) throws a `FinnkinoDecodingError`
/// naming the endpoint, line and column.
public enum FinnkinoXMLDecoder {
    /// `<TheatreAreas>`: areas and single theatres, in document order (the placeholder 1029 included).
    public static func decodeTheatreAreas(_ data: Data) throws(FinnkinoDecodingError) -> [TheatreArea] {
        try SAXDocumentReader.decode(
            data, endpoint: "TheatreAreas", root: .theatreAreas, builder: TheatreAreasBuilder())
    }

    /// `<Events>`: movies and live events.
    public static func decodeEvents(_ data: Data) throws(FinnkinoDecodingError) -> [Event] {
        try SAXDocumentReader.decode(data, endpoint: "Events", root: .events, builder: EventsBuilder())
    }

    /// `<Schedule>`: the publication day and its shows.
    ///
    /// - Parameter inHalves: a schedule of a megabyte or more is decoded in two halves at once,
    ///   on two cores (``ScheduleHalves``); the same value, in about half the time. False: one
    ///   parser, on the calling thread only.
    public static func decodeSchedule(_ data: Data, inHalves: Bool = true) throws(FinnkinoDecodingError) -> Schedule {
        if inHalves, let schedule = ScheduleHalves.decode(data) { return schedule }
        return try SAXDocumentReader.decode(data, endpoint: "Schedule", root: .schedule, builder: ScheduleBuilder())
    }

    /// `<Dates>`: the days that have shows, in document order.
    public static func decodeScheduleDates(_ data: Data) throws(FinnkinoDecodingError) -> [LocalDate] {
        try SAXDocumentReader.decode(data, endpoint: "ScheduleDates", root: .dates, builder: ScheduleDatesBuilder())
    }

    /// `<News>`: articles, lead as plain text, content as an HTML fragment.
    public static func decodeNews(_ data: Data) throws(FinnkinoDecodingError) -> [NewsArticle] {
        try SAXDocumentReader.decode(data, endpoint: "News", root: .news, builder: NewsBuilder())
    }

    /// `<NewsCategories>`.
    public static func decodeNewsCategories(_ data: Data) throws(FinnkinoDecodingError) -> [NewsCategory] {
        try SAXDocumentReader.decode(
            data, endpoint: "NewsCategories", root: .newsCategories, builder: NewsCategoriesBuilder())
    }

    /// `<Languages>`.
    public static func decodeLanguages(_ data: Data) throws(FinnkinoDecodingError) -> [Language] {
        try SAXDocumentReader.decode(data, endpoint: "Languages", root: .languages, builder: LanguagesBuilder())
    }
}
