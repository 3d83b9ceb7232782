import Foundation

/// Builds a `Schedule` from `<Schedule><PubDate/><Shows><Show>…</Show></Shows></Schedule>`.
final class ScheduleBuilder: FinnkinoDocumentBuilder {
    // Touched on every element of a schedule, by one reader on one thread: no runtime
    // exclusivity checks (see SAXDocumentReader).
    @exclusivity(unchecked) private var values = LeafValueParser()
    @exclusivity(unchecked) private var pubDate: Date?
    @exclusivity(unchecked) private var shows: [Show] = []
    @exclusivity(unchecked) private var show = ShowDraft()
    @exclusivity(unchecked) private var language = ShowLanguageDraft()
    @exclusivity(unchecked) private var descriptor = ContentDescriptorDraft()

    func start(_ element: FinnkinoElement, in parent: FinnkinoElement) throws(DocumentBuildError) -> ElementRole {
        switch parent {
        case .schedule:
            switch element {
            case .pubDate: return .leaf
            case .shows: return .container
            default: return .ignored
            }
        case .shows:
            guard element == .show else { return .ignored }
            show = ShowDraft()
            return .container
        case .show:
            switch element {
            case .spokenLanguage, .subtitleLanguage1, .subtitleLanguage2:
                language = ShowLanguageDraft()
                return .container
            case .images, .contentDescriptors:
                return .container
            case .id, .accountingDate, .showStart, .showStartUTC, .showEnd, .showEndUTC, .salesStart, .salesStartUTC,
                .salesEnd, .salesEndUTC, .reservationStart, .reservationStartUTC, .reservationEnd, .reservationEndUTC,
                .eventID, .title, .originalTitle, .productionYear, .lengthInMinutes, .localRelease, .rating,
                .ratingLabel, .ratingImageURL, .eventType, .genres, .theatreID, .auditoriumID, .theatre, .auditorium,
                .theatreAndAuditorium, .presentationMethodAndLanguage, .presentationMethod, .eventSeries, .showURL,
                .eventURL:
                return .leaf
            default:
                return .ignored
            }
        case .spokenLanguage, .subtitleLanguage1, .subtitleLanguage2:
            return ShowLanguageDraft.accepts(element) ? .leaf : .ignored
        case .images:
            return element.isImageSize ? .leaf : .ignored
        case .contentDescriptors:
            guard element == .contentDescriptor else { return .ignored }
            descriptor = ContentDescriptorDraft()
            return .container
        case .contentDescriptor:
            return ContentDescriptorDraft.accepts(element) ? .leaf : .ignored
        default:
            return .ignored
        }
    }

    func end(_ element: FinnkinoElement, in parent: FinnkinoElement, text: UnsafeBufferPointer<UInt8>)
        throws(DocumentBuildError)
    {
        switch parent {
        case .show:
            try setShowField(element, text)
        case .shows:
            shows.append(try show.build())
        case .schedule:
            if element == .pubDate { pubDate = try values.instant(text, element, zone: .helsinki) }
        case .spokenLanguage, .subtitleLanguage1, .subtitleLanguage2:
            language.set(element, text, values: &values)
        case .images:
            show.images.set(values.url(text), for: element)
        case .contentDescriptors:
            if let built = descriptor.build() { show.contentDescriptors.append(built) }
        case .contentDescriptor:
            descriptor.set(element, text, values: &values)
        default:
            break
        }
    }

    private func setShowField(_ element: FinnkinoElement, _ text: UnsafeBufferPointer<UInt8>) throws(DocumentBuildError)
    {
        switch element {
        case .id: show.id = try values.requiredInt(text, element)
        case .accountingDate: show.accountingDate = try values.localDate(text, element)
        case .showStart: show.start = try values.instant(text, element, zone: .helsinki)
        case .showStartUTC: show.startUTC = try values.instant(text, element, zone: .utc)
        case .showEnd: show.end = try values.instant(text, element, zone: .helsinki)
        case .showEndUTC: show.endUTC = try values.instant(text, element, zone: .utc)
        case .salesStart: show.salesStart = try values.instant(text, element, zone: .helsinki)
        case .salesStartUTC: show.salesStartUTC = try values.instant(text, element, zone: .utc)
        case .salesEnd: show.salesEnd = try values.instant(text, element, zone: .helsinki)
        case .salesEndUTC: show.salesEndUTC = try values.instant(text, element, zone: .utc)
        case .reservationStart: show.reservationStart = try values.instant(text, element, zone: .helsinki)
        case .reservationStartUTC: show.reservationStartUTC = try values.instant(text, element, zone: .utc)
        case .reservationEnd: show.reservationEnd = try values.instant(text, element, zone: .helsinki)
        case .reservationEndUTC: show.reservationEndUTC = try values.instant(text, element, zone: .utc)
        case .eventID: show.eventID = try values.requiredInt(text, element)
        case .title: show.title = values.string(text)
        case .originalTitle: show.originalTitle = values.string(text)
        case .productionYear: show.productionYear = try values.int(text, element)
        case .lengthInMinutes: show.lengthInMinutes = try values.int(text, element).flatMap { $0 == 0 ? nil : $0 }
        case .localRelease: show.localRelease = try values.localDate(text, element)
        case .rating: show.ratingCode = values.string(text)
        case .ratingLabel: show.ratingLabel = values.string(text)
        case .ratingImageURL: show.ratingImageURL = values.url(text)
        case .eventType: show.eventType = EventType(wireValue: values.string(text))
        case .genres: show.genres = values.genres(text)
        case .theatreID: show.theatreID = try values.requiredInt(text, element)
        case .auditoriumID: show.auditoriumID = try values.int(text, element)
        case .theatre: show.theatre = values.string(text)
        case .auditorium: show.auditorium = values.string(text)
        case .theatreAndAuditorium: show.theatreAndAuditorium = values.string(text)
        case .presentationMethodAndLanguage: show.presentationMethodAndLanguage = values.string(text)
        case .presentationMethod: show.presentationMethod = values.string(text)
        case .eventSeries: show.eventSeries = values.optionalString(text)
        case .showURL: show.showURL = values.uniqueURL(text)
        case .eventURL: show.eventURL = values.url(text)
        case .spokenLanguage: show.spokenLanguage = language.build()
        case .subtitleLanguage1: show.subtitle1 = language.build()
        case .subtitleLanguage2: show.subtitle2 = language.build()
        default: break
        }
    }

    /// The schedule, its array as it grew (room for up to twice its shows). A document this
    /// builder reads whole is under ``ScheduleHalves/minimumBytes`` (a few hundred shows); copying
    /// them into an array of their count took 2% of a 10 MB schedule's decoding by one parser,
    /// beyond issue 41's target of twice the bare libxml2 parse (CI, 2026-12-01). Larger ones are
    /// joined into one of their count by ``ScheduleHalves``.
    func finish() throws(DocumentBuildError) -> Schedule {
        Schedule(pubDate: pubDate, shows: shows)
    }
}

/// The fields of one `<Show>` while it is read.
private struct ShowDraft {
    var id: Int?
    var accountingDate: LocalDate?
    var start: Date?, startUTC: Date?, end: Date?, endUTC: Date?
    var salesStart: Date?, salesStartUTC: Date?, salesEnd: Date?, salesEndUTC: Date?
    var reservationStart: Date?, reservationStartUTC: Date?, reservationEnd: Date?, reservationEndUTC: Date?
    var eventID: Int?
    var title = "", originalTitle = ""
    var productionYear: Int?, lengthInMinutes: Int?
    var localRelease: LocalDate?
    var ratingCode = "", ratingLabel = ""
    var ratingImageURL: URL?
    var eventType = EventType.movie
    var genres: [String] = []
    var theatreID: Int?, auditoriumID: Int?
    var theatre = "", auditorium = "", theatreAndAuditorium = ""
    var presentationMethodAndLanguage = "", presentationMethod = ""
    var eventSeries: String?
    var showURL: URL?, eventURL: URL?
    var spokenLanguage: ShowLanguage?, subtitle1: ShowLanguage?, subtitle2: ShowLanguage?
    var images = EventImages()
    var contentDescriptors: [ContentDescriptor] = []

    /// The show, its instants from the UTC twins where present; throws when a required field
    /// is missing.
    func build() throws(DocumentBuildError) -> Show {
        guard let id else { throw .missing(.id, in: .show) }
        guard let start = startUTC ?? start else {
            throw DocumentBuildError("<Show> \(id) without a start time (\(FinnkinoElement.showStart.tag))")
        }
        guard let eventID else { throw DocumentBuildError("<Show> \(id) without \(FinnkinoElement.eventID.tag)") }
        guard let theatreID else { throw DocumentBuildError("<Show> \(id) without \(FinnkinoElement.theatreID.tag)") }
        var subtitles: [ShowLanguage] = []
        if let subtitle1 { subtitles.append(subtitle1) }
        if let subtitle2 { subtitles.append(subtitle2) }
        return Show(
            id: id, accountingDate: accountingDate, start: start, end: endUTC ?? end,
            salesStart: salesStartUTC ?? salesStart, salesEnd: salesEndUTC ?? salesEnd,
            reservationStart: reservationStartUTC ?? reservationStart,
            reservationEnd: reservationEndUTC ?? reservationEnd,
            eventID: eventID, title: title, originalTitle: originalTitle, productionYear: productionYear,
            lengthInMinutes: lengthInMinutes, localRelease: localRelease,
            rating: Rating(code: ratingCode, label: ratingLabel, imageURL: ratingImageURL), eventType: eventType,
            genres: genres, theatreID: theatreID, auditoriumID: auditoriumID, theatre: theatre, auditorium: auditorium,
            theatreAndAuditorium: theatreAndAuditorium, presentationMethodAndLanguage: presentationMethodAndLanguage,
            presentationMethod: presentationMethod, eventSeries: eventSeries, showURL: showURL, eventURL: eventURL,
            spokenLanguage: spokenLanguage, subtitleLanguages: subtitles, images: images,
            contentDescriptors: contentDescriptors)
    }
}
