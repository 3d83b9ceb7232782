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
    case theatreAreas = "TheatreAreas", events = "Events", schedule = "Schedule", dates = "Dates"
    case news = "News", newsCategories = "NewsCategories", languages = "Languages"

    // Shared leaves
    case id = "ID", name = "Name", title = "Title", originalTitle = "OriginalTitle"
    case productionYear = "ProductionYear", lengthInMinutes = "LengthInMinutes"
    case localRelease = "dtLocalRelease", rating = "Rating", ratingLabel = "RatingLabel"
    case ratingImageURL = "RatingImageUrl", eventType = "EventType", genres = "Genres"
    case eventURL = "EventURL", imageURL = "ImageURL", nameInLanguage = "NameInLanguage"
    case isoTwoLetterCode = "ISOTwoLetterCode"

    // TheatreAreas, Dates
    case theatreArea = "TheatreArea", dateTime = "dateTime"

    // Schedule
    case pubDate = "PubDate", shows = "Shows", show = "Show", accountingDate = "dtAccounting"
    case showStart = "dttmShowStart", showStartUTC = "dttmShowStartUTC"
    case showEnd = "dttmShowEnd", showEndUTC = "dttmShowEndUTC"
    case salesStart = "ShowSalesStartTime", salesStartUTC = "ShowSalesStartTimeUTC"
    case salesEnd = "ShowSalesEndTime", salesEndUTC = "ShowSalesEndTimeUTC"
    case reservationStart = "ShowReservationStartTime", reservationStartUTC = "ShowReservationStartTimeUTC"
    case reservationEnd = "ShowReservationEndTime", reservationEndUTC = "ShowReservationEndTimeUTC"
    case eventID = "EventID", theatreID = "TheatreID", auditoriumID = "TheatreAuditriumID"
    case theatre = "Theatre", auditorium = "TheatreAuditorium", theatreAndAuditorium = "TheatreAndAuditorium"
    case presentationMethodAndLanguage = "PresentationMethodAndLanguage"
    case presentationMethod = "PresentationMethod", eventSeries = "EventSeries", showURL = "ShowURL"
    case spokenLanguage = "SpokenLanguage", subtitleLanguage1 = "SubtitleLanguage1"
    case subtitleLanguage2 = "SubtitleLanguage2"

    // Images
    case images = "Images", microPortrait = "EventMicroImagePortrait"
    case smallPortrait = "EventSmallImagePortrait", mediumPortrait = "EventMediumImagePortrait"
    case largePortrait = "EventLargeImagePortrait", smallLandscape = "EventSmallImageLandscape"
    case largeLandscape = "EventLargeImageLandscape"

    // Content descriptors
    case contentDescriptors = "ContentDescriptors", contentDescriptor = "ContentDescriptor"

    // Events
    case event = "Event", localDistributorName = "LocalDistributorName"
    case globalDistributorName = "GlobalDistributorName", productionCompanies = "ProductionCompanies"
    case shortSynopsis = "ShortSynopsis", synopsis = "Synopsis"
    case videos = "Videos", eventVideo = "EventVideo", location = "Location"
    case thumbnailLocation = "ThumbnailLocation", mediaResourceSubType = "MediaResourceSubType"
    case mediaResourceFormat = "MediaResourceFormat", gallery = "Gallery", galleryImage = "GalleryImage"
    case cast = "Cast", actor = "Actor", directors = "Directors", director = "Director"
    case firstName = "FirstName", lastName = "LastName"

    // News, NewsCategories
    case newsArticle = "NewsArticle", publishDate = "PublishDate", htmlLead = "HTMLLead"
    case htmlContent = "HTMLContent", articleURL = "ArticleURL", thumbnailURL = "ThumbnailURL"
    case categories = "Categories", newsArticleCategory = "NewsArticleCategory"
    case newsArticleCount = "NewsArticleCount"

    // Languages
    case language = "Language", localName = "LocalName", isoCode = "ISOCode"

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
