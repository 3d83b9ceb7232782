// swift-format-ignore-file: AlwaysUseLowerCamelCase

// (The property names are the wire names, as a developer declares them for XMLCoder.)
import FinnkinoKit
import Foundation

/// A `<Show>` as plain strings, the shape a developer would declare for XMLCoder (`Decodable`,
/// wire names as keys) and fill from SWXMLHash; `makeShow` turns it into the same `Show` model
/// FinnkinoKit produces, with reusable Foundation formatters for the times.
struct ShowRecord: Decodable {
    var ID: String?
    var dtAccounting: String?
    var dttmShowStart: String?
    var dttmShowStartUTC: String?
    var dttmShowEnd: String?
    var dttmShowEndUTC: String?
    var ShowSalesStartTime: String?
    var ShowSalesStartTimeUTC: String?
    var ShowSalesEndTime: String?
    var ShowSalesEndTimeUTC: String?
    var ShowReservationStartTime: String?
    var ShowReservationStartTimeUTC: String?
    var ShowReservationEndTime: String?
    var ShowReservationEndTimeUTC: String?
    var EventID: String?
    var Title: String?
    var OriginalTitle: String?
    var ProductionYear: String?
    var LengthInMinutes: String?
    var dtLocalRelease: String?
    var Rating: String?
    var RatingLabel: String?
    var RatingImageUrl: String?
    var EventType: String?
    var Genres: String?
    var TheatreID: String?
    var TheatreAuditriumID: String?
    var Theatre: String?
    var TheatreAuditorium: String?
    var TheatreAndAuditorium: String?
    var PresentationMethodAndLanguage: String?
    var PresentationMethod: String?
    var EventSeries: String?
    var ShowURL: String?
    var EventURL: String?
    var SpokenLanguage: LanguageRecord?
    var SubtitleLanguage1: LanguageRecord?
    var SubtitleLanguage2: LanguageRecord?
    var Images: ImagesRecord?
    var ContentDescriptors: DescriptorsRecord?

    init() {}

    struct LanguageRecord: Decodable {
        var Name: String?
        var NameInLanguage: String?
        var ISOTwoLetterCode: String?
    }

    struct ImagesRecord: Decodable {
        var EventMicroImagePortrait: String?
        var EventSmallImagePortrait: String?
        var EventMediumImagePortrait: String?
        var EventLargeImagePortrait: String?
        var EventSmallImageLandscape: String?
        var EventLargeImageLandscape: String?
    }

    struct DescriptorsRecord: Decodable {
        var ContentDescriptor: [DescriptorRecord]?
    }

    struct DescriptorRecord: Decodable {
        var Name: String?
        var ImageURL: String?
    }

    struct Invalid: Error {}

    func makeShow(_ times: ReferenceTimeParser) throws -> Show {
        guard let id = ID.flatMap({ Int($0) }), let eventID = EventID.flatMap({ Int($0) }),
            let theatreID = TheatreID.flatMap({ Int($0) }),
            let start = times.utc(dttmShowStartUTC) ?? times.local(dttmShowStart)
        else { throw Invalid() }
        let length = LengthInMinutes.flatMap { Int($0) }
        return Show(
            id: id, accountingDate: times.day(dtAccounting), start: start,
            end: times.utc(dttmShowEndUTC) ?? times.local(dttmShowEnd),
            salesStart: times.utc(ShowSalesStartTimeUTC) ?? times.local(ShowSalesStartTime),
            salesEnd: times.utc(ShowSalesEndTimeUTC) ?? times.local(ShowSalesEndTime),
            reservationStart: times.utc(ShowReservationStartTimeUTC) ?? times.local(ShowReservationStartTime),
            reservationEnd: times.utc(ShowReservationEndTimeUTC) ?? times.local(ShowReservationEndTime),
            eventID: eventID, title: Title ?? "", originalTitle: OriginalTitle ?? "",
            productionYear: ProductionYear.flatMap { Int($0) }, lengthInMinutes: length == 0 ? nil : length,
            localRelease: times.day(dtLocalRelease),
            rating: FinnkinoKit.Rating(
                code: Rating ?? "", label: RatingLabel ?? "", imageURL: Self.url(RatingImageUrl)),
            eventType: FinnkinoKit.EventType(wireValue: EventType ?? "Movie"),
            genres: (Genres ?? "").components(separatedBy: ", ").filter { !$0.isEmpty },
            theatreID: theatreID, auditoriumID: TheatreAuditriumID.flatMap { Int($0) }, theatre: Theatre ?? "",
            auditorium: TheatreAuditorium ?? "", theatreAndAuditorium: TheatreAndAuditorium ?? "",
            presentationMethodAndLanguage: PresentationMethodAndLanguage ?? "",
            presentationMethod: PresentationMethod ?? "",
            eventSeries: EventSeries.flatMap { $0.isEmpty ? nil : $0 }, showURL: Self.url(ShowURL),
            eventURL: Self.url(EventURL), spokenLanguage: SpokenLanguage.flatMap(Self.language),
            subtitleLanguages: [SubtitleLanguage1, SubtitleLanguage2].compactMap { $0.flatMap(Self.language) },
            images: EventImages(
                microPortrait: Self.url(Images?.EventMicroImagePortrait),
                smallPortrait: Self.url(Images?.EventSmallImagePortrait),
                mediumPortrait: Self.url(Images?.EventMediumImagePortrait),
                largePortrait: Self.url(Images?.EventLargeImagePortrait),
                smallLandscape: Self.url(Images?.EventSmallImageLandscape),
                largeLandscape: Self.url(Images?.EventLargeImageLandscape)),
            contentDescriptors: (ContentDescriptors?.ContentDescriptor ?? []).map {
                ContentDescriptor(name: $0.Name ?? "", imageURL: Self.url($0.ImageURL))
            })
    }

    private static func url(_ text: String?) -> URL? {
        guard let text, !text.isEmpty else { return nil }
        return URL(string: text)
    }

    private static func language(_ record: LanguageRecord) -> ShowLanguage? {
        guard let name = record.Name else { return nil }
        let inLanguage = record.NameInLanguage.flatMap { $0.isEmpty ? nil : $0 }
        return ShowLanguage(name: name, nameInLanguage: inLanguage, isoTwoLetterCode: record.ISOTwoLetterCode ?? "")
    }
}

/// Finnkino date-times with reused Foundation formatters, as an app using a generic XML library
/// would read them.
final class ReferenceTimeParser {
    private let localFormatter: DateFormatter
    private let utcFormatter = ISO8601DateFormatter()

    init() {
        localFormatter = DateFormatter()
        localFormatter.locale = Locale(identifier: "en_US_POSIX")
        localFormatter.timeZone = TimeZone(identifier: "Europe/Helsinki")
        localFormatter.dateFormat = "yyyy-MM-dd'T'HH:mm:ss"
    }

    private func isSentinel(_ text: String) -> Bool {
        text.hasPrefix("0001-01-01") || text.hasPrefix("2000-01-01T00:00:00")
    }

    func utc(_ text: String?) -> Date? {
        guard let text, !text.isEmpty, !isSentinel(text) else { return nil }
        return utcFormatter.date(from: text.hasSuffix("Z") ? text : text + "Z")
    }

    func local(_ text: String?) -> Date? {
        guard let text, !text.isEmpty, !isSentinel(text) else { return nil }
        return localFormatter.date(from: text)
    }

    func offset(_ text: String?) -> Date? {
        guard let text, !text.isEmpty else { return nil }
        return utcFormatter.date(from: text)
    }

    func day(_ text: String?) -> LocalDate? {
        guard let text, !isSentinel(text) else { return nil }
        return LocalDate(iso: text)
    }
}
