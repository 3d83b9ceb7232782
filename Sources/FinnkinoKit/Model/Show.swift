import Foundation

/// A spoken or subtitle language of a show. `NA` means "according to the chosen film".
public struct ShowLanguage: Sendable, Hashable, Codable {
    public var name: String
    public var nameInLanguage: String?
    /// Upper case, e.g. `EN`, `FI`, `SV`.
    public var isoTwoLetterCode: String

    public init(name: String, nameInLanguage: String?, isoTwoLetterCode: String) {
        self.name = name
        self.nameInLanguage = nameInLanguage
        self.isoTwoLetterCode = isoTwoLetterCode
    }
}

/// One screening (Schedule/Shows/Show).
///
/// Times are instants (`Date`): taken from the `…UTC` twin when present, otherwise from the local
/// Europe/Helsinki wall-clock time, summer time included. Sentinel dates (`0001-01-01`,
/// `2000-01-01`) become nil.
public struct Show: Sendable, Hashable, Codable, Identifiable {
    public var id: Int
    /// The business day (nil in old data).
    public var accountingDate: LocalDate?
    public var start: Date
    public var end: Date?
    public var salesStart: Date?
    public var salesEnd: Date?
    public var reservationStart: Date?
    public var reservationEnd: Date?
    public var eventID: Int
    public var title: String
    public var originalTitle: String
    public var productionYear: Int?
    public var lengthInMinutes: Int?
    public var localRelease: LocalDate?
    public var rating: Rating
    public var eventType: EventType
    public var genres: [String]
    /// A theatre ID (not an area ID: the two overlap).
    public var theatreID: Int
    /// From the misspelled wire element `TheatreAuditriumID`.
    public var auditoriumID: Int?
    /// `Tennispalatsi, Helsinki`.
    public var theatre: String
    /// `sali 6`.
    public var auditorium: String
    public var theatreAndAuditorium: String
    /// `2D, dubattu suomeksi`; may be empty.
    public var presentationMethodAndLanguage: String
    /// `2D`, `3D`; may be empty.
    public var presentationMethod: String
    /// A special-screening tag, nil when empty.
    public var eventSeries: String?
    public var showURL: URL?
    public var eventURL: URL?
    public var spokenLanguage: ShowLanguage?
    /// `SubtitleLanguage1` and `SubtitleLanguage2`, those present, in order.
    public var subtitleLanguages: [ShowLanguage]
    public var images: EventImages
    public var contentDescriptors: [ContentDescriptor]

    public init(
        id: Int, accountingDate: LocalDate?, start: Date, end: Date?, salesStart: Date?, salesEnd: Date?,
        reservationStart: Date?, reservationEnd: Date?, eventID: Int, title: String, originalTitle: String,
        productionYear: Int?, lengthInMinutes: Int?, localRelease: LocalDate?, rating: Rating,
        eventType: EventType, genres: [String], theatreID: Int, auditoriumID: Int?, theatre: String,
        auditorium: String, theatreAndAuditorium: String, presentationMethodAndLanguage: String,
        presentationMethod: String, eventSeries: String?, showURL: URL?, eventURL: URL?,
        spokenLanguage: ShowLanguage?, subtitleLanguages: [ShowLanguage], images: EventImages,
        contentDescriptors: [ContentDescriptor]
    ) {
        self.id = id
        self.accountingDate = accountingDate
        self.start = start
        self.end = end
        self.salesStart = salesStart
        self.salesEnd = salesEnd
        self.reservationStart = reservationStart
        self.reservationEnd = reservationEnd
        self.eventID = eventID
        self.title = title
        self.originalTitle = originalTitle
        self.productionYear = productionYear
        self.lengthInMinutes = lengthInMinutes
        self.localRelease = localRelease
        self.rating = rating
        self.eventType = eventType
        self.genres = genres
        self.theatreID = theatreID
        self.auditoriumID = auditoriumID
        self.theatre = theatre
        self.auditorium = auditorium
        self.theatreAndAuditorium = theatreAndAuditorium
        self.presentationMethodAndLanguage = presentationMethodAndLanguage
        self.presentationMethod = presentationMethod
        self.eventSeries = eventSeries
        self.showURL = showURL
        self.eventURL = eventURL
        self.spokenLanguage = spokenLanguage
        self.subtitleLanguages = subtitleLanguages
        self.images = images
        self.contentDescriptors = contentDescriptors
    }
}

/// A Schedule answer: the day it was published for and its shows.
public struct Schedule: Sendable, Hashable, Codable {
    public var pubDate: Date?
    public var shows: [Show]

    public init(pubDate: Date?, shows: [Show]) {
        self.pubDate = pubDate
        self.shows = shows
    }
}
