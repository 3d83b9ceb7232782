// swift-format-ignore-file: AlwaysUseLowerCamelCase

// (The property names are the wire names, as a developer declares them for XMLCoder.)
import FinnkinoKit
import Foundation
import SWXMLHash
import XMLCoder

/// Decodes a Schedule with XMLCoder into `ShowRecord`s, then into `Schedule`.
enum XMLCoderScheduleDecoder {
    private struct Document: Decodable {
        var PubDate: String?
        var Shows: ShowList?
    }

    private struct ShowList: Decodable {
        var Show: [ShowRecord]?
    }

    static func decode(_ data: Data) throws -> Schedule {
        let document = try XMLDecoder().decode(Document.self, from: data)
        let times = ReferenceTimeParser()
        return Schedule(
            pubDate: times.offset(document.PubDate),
            shows: try (document.Shows?.Show ?? []).map { try $0.makeShow(times) })
    }
}

/// Decodes a Schedule with SWXMLHash (full parse, then indexing by element name) into `Schedule`.
enum SWXMLHashScheduleDecoder {
    static func decode(_ data: Data) throws -> Schedule {
        let root = XMLHash.parse(data)["Schedule"]
        let times = ReferenceTimeParser()
        let shows = try root["Shows"]["Show"].all.map { show in
            try record(show).makeShow(times)
        }
        return Schedule(pubDate: times.offset(root["PubDate"].element?.text), shows: shows)
    }

    private static func text(_ indexer: XMLIndexer, _ name: String) -> String? {
        indexer[name].element?.text
    }

    private static func record(_ show: XMLIndexer) -> ShowRecord {
        var record = ShowRecord()
        record.ID = text(show, "ID")
        record.dtAccounting = text(show, "dtAccounting")
        record.dttmShowStart = text(show, "dttmShowStart")
        record.dttmShowStartUTC = text(show, "dttmShowStartUTC")
        record.dttmShowEnd = text(show, "dttmShowEnd")
        record.dttmShowEndUTC = text(show, "dttmShowEndUTC")
        record.ShowSalesStartTime = text(show, "ShowSalesStartTime")
        record.ShowSalesStartTimeUTC = text(show, "ShowSalesStartTimeUTC")
        record.ShowSalesEndTime = text(show, "ShowSalesEndTime")
        record.ShowSalesEndTimeUTC = text(show, "ShowSalesEndTimeUTC")
        record.ShowReservationStartTime = text(show, "ShowReservationStartTime")
        record.ShowReservationStartTimeUTC = text(show, "ShowReservationStartTimeUTC")
        record.ShowReservationEndTime = text(show, "ShowReservationEndTime")
        record.ShowReservationEndTimeUTC = text(show, "ShowReservationEndTimeUTC")
        record.EventID = text(show, "EventID")
        record.Title = text(show, "Title")
        record.OriginalTitle = text(show, "OriginalTitle")
        record.ProductionYear = text(show, "ProductionYear")
        record.LengthInMinutes = text(show, "LengthInMinutes")
        record.dtLocalRelease = text(show, "dtLocalRelease")
        record.Rating = text(show, "Rating")
        record.RatingLabel = text(show, "RatingLabel")
        record.RatingImageUrl = text(show, "RatingImageUrl")
        record.EventType = text(show, "EventType")
        record.Genres = text(show, "Genres")
        record.TheatreID = text(show, "TheatreID")
        record.TheatreAuditriumID = text(show, "TheatreAuditriumID")
        record.Theatre = text(show, "Theatre")
        record.TheatreAuditorium = text(show, "TheatreAuditorium")
        record.TheatreAndAuditorium = text(show, "TheatreAndAuditorium")
        record.PresentationMethodAndLanguage = text(show, "PresentationMethodAndLanguage")
        record.PresentationMethod = text(show, "PresentationMethod")
        record.EventSeries = text(show, "EventSeries")
        record.ShowURL = text(show, "ShowURL")
        record.EventURL = text(show, "EventURL")
        record.SpokenLanguage = language(show["SpokenLanguage"])
        record.SubtitleLanguage1 = language(show["SubtitleLanguage1"])
        record.SubtitleLanguage2 = language(show["SubtitleLanguage2"])
        let images = show["Images"]
        record.Images = ShowRecord.ImagesRecord(
            EventMicroImagePortrait: text(images, "EventMicroImagePortrait"),
            EventSmallImagePortrait: text(images, "EventSmallImagePortrait"),
            EventMediumImagePortrait: text(images, "EventMediumImagePortrait"),
            EventLargeImagePortrait: text(images, "EventLargeImagePortrait"),
            EventSmallImageLandscape: text(images, "EventSmallImageLandscape"),
            EventLargeImageLandscape: text(images, "EventLargeImageLandscape"))
        record.ContentDescriptors = ShowRecord.DescriptorsRecord(
            ContentDescriptor: show["ContentDescriptors"]["ContentDescriptor"].all.map {
                ShowRecord.DescriptorRecord(Name: text($0, "Name"), ImageURL: text($0, "ImageURL"))
            })
        return record
    }

    private static func language(_ indexer: XMLIndexer) -> ShowRecord.LanguageRecord? {
        guard indexer.element != nil else { return nil }
        return ShowRecord.LanguageRecord(
            Name: text(indexer, "Name"), NameInLanguage: text(indexer, "NameInLanguage"),
            ISOTwoLetterCode: text(indexer, "ISOTwoLetterCode"))
    }
}
