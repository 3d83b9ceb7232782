import Foundation

/// Every element name of the Finnkino XML API that maps to a model field, plus two markers.
///
/// Element names arrive from libxml2 as interned C strings; `ElementNameCache` maps them to these
/// cases once per name and parse, so builders switch over small integers instead of strings.
enum FinnkinoElement: String, CaseIterable, Sendable {
    /// Above the root element.
    case document = "#document"
    /// An element no builder reads, or anything inside one.
    case unknown = "#unknown"

    // Roots
    case theatreAreas = "TheatreAreas"
    case events = "Events"
    case schedule = "Schedule"
    case dates = "Dates"
    case news = "News"
    case newsCategories = "NewsCategories"
    case languages = "Languages"

    // Shared leaves
    case id = "ID"
    case name = "Name"
    case title = "Title"
    case originalTitle = "OriginalTitle"
    case productionYear = "ProductionYear"
    case lengthInMinutes = "LengthInMinutes"
    case localRelease = "dtLocalRelease"
    case rating = "Rating"
    case ratingLabel = "RatingLabel"
    case ratingImageURL = "RatingImageUrl"
    case eventType = "EventType"
    case genres = "Genres"
    case eventURL = "EventURL"
    case imageURL = "ImageURL"
    case nameInLanguage = "NameInLanguage"
    case isoTwoLetterCode = "ISOTwoLetterCode"

    // TheatreAreas, Dates
    case theatreArea = "TheatreArea"
    case dateTime = "dateTime"

    // Schedule
    case pubDate = "PubDate"
    case shows = "Shows"
    case show = "Show"
    case accountingDate = "dtAccounting"
    case showStart = "dttmShowStart"
    case showStartUTC = "dttmShowStartUTC"
    case showEnd = "dttmShowEnd"
    case showEndUTC = "dttmShowEndUTC"
    case salesStart = "ShowSalesStartTime"
    case salesStartUTC = "ShowSalesStartTimeUTC"
    case salesEnd = "ShowSalesEndTime"
    case salesEndUTC = "ShowSalesEndTimeUTC"
    case reservationStart = "ShowReservationStartTime"
    case reservationStartUTC = "ShowReservationStartTimeUTC"
    case reservationEnd = "ShowReservationEndTime"
    case reservationEndUTC = "ShowReservationEndTimeUTC"
    case eventID = "EventID"
    case theatreID = "TheatreID"
    case auditoriumID = "TheatreAuditriumID"
    case theatre = "Theatre"
    case auditorium = "TheatreAuditorium"
    case theatreAndAuditorium = "TheatreAndAuditorium"
    case presentationMethodAndLanguage = "PresentationMethodAndLanguage"
    case presentationMethod = "PresentationMethod"
    case eventSeries = "EventSeries"
    case showURL = "ShowURL"
    case spokenLanguage = "SpokenLanguage"
    case subtitleLanguage1 = "SubtitleLanguage1"
    case subtitleLanguage2 = "SubtitleLanguage2"

    // Images
    case images = "Images"
    case microPortrait = "EventMicroImagePortrait"
    case smallPortrait = "EventSmallImagePortrait"
    case mediumPortrait = "EventMediumImagePortrait"
    case largePortrait = "EventLargeImagePortrait"
    case smallLandscape = "EventSmallImageLandscape"
    case largeLandscape = "EventLargeImageLandscape"

    // Content descriptors
    case contentDescriptors = "ContentDescriptors"
    case contentDescriptor = "ContentDescriptor"

    // Events
    case event = "Event"
    case localDistributorName = "LocalDistributorName"
    case globalDistributorName = "GlobalDistributorName"
    case productionCompanies = "ProductionCompanies"
    case shortSynopsis = "ShortSynopsis"
    case synopsis = "Synopsis"
    case videos = "Videos"
    case eventVideo = "EventVideo"
    case location = "Location"
    case thumbnailLocation = "ThumbnailLocation"
    case mediaResourceSubType = "MediaResourceSubType"
    case mediaResourceFormat = "MediaResourceFormat"
    case gallery = "Gallery"
    case galleryImage = "GalleryImage"
    case cast = "Cast"
    case actor = "Actor"
    case directors = "Directors"
    case director = "Director"
    case firstName = "FirstName"
    case lastName = "LastName"

    // News, NewsCategories
    case newsArticle = "NewsArticle"
    case publishDate = "PublishDate"
    case htmlLead = "HTMLLead"
    case htmlContent = "HTMLContent"
    case articleURL = "ArticleURL"
    case thumbnailURL = "ThumbnailURL"
    case categories = "Categories"
    case newsArticleCategory = "NewsArticleCategory"
    case newsArticleCount = "NewsArticleCount"

    // Languages
    case language = "Language"
    case localName = "LocalName"
    case isoCode = "ISOCode"

    /// Wire name to case, for the first sight of each interned name.
    static let byWireName: [String: FinnkinoElement] = Dictionary(
        uniqueKeysWithValues: allCases.filter { $0 != .document && $0 != .unknown }.map { ($0.rawValue, $0) })

    /// The wire name as written in messages, e.g. `<Show>`.
    var tag: String { "<\(rawValue)>" }

    /// True for the six `Images` children.
    var isImageSize: Bool {
        switch self {
        case .microPortrait, .smallPortrait, .mediumPortrait, .largePortrait, .smallLandscape, .largeLandscape:
            true
        default: false
        }
    }
}

extension EventImages {
    /// Stores `url` in the size that `element` names (one of the `Images` children).
    mutating func set(_ url: URL?, for element: FinnkinoElement) {
        switch element {
        case .microPortrait: microPortrait = url
        case .smallPortrait: smallPortrait = url
        case .mediumPortrait: mediumPortrait = url
        case .largePortrait: largePortrait = url
        case .smallLandscape: smallLandscape = url
        case .largeLandscape: largeLandscape = url
        default: break
        }
    }
}
