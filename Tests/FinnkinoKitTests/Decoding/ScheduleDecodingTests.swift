import Foundation
import FoundationXML
import Testing

@testable import FinnkinoKit

@Suite("Decoding Schedule samples")
struct ScheduleDecodingTests {
    @Test("every real Schedule sample decodes with nothing lost", arguments: AnchorFixture.scheduleSamples)
    func everyShowMatchesTheSample(name: String) throws {
        // Given a real sample and an independent DOM reading of it
        let expected = try AnchorFixture.elements(name, "/Schedule/Shows/Show")
        let pubDateText = try #require(try AnchorFixture.elements(name, "/Schedule/PubDate").first?.stringValue)

        // When it is decoded
        let schedule = try FinnkinoXMLDecoder.decodeSchedule(AnchorFixture.data(name))

        // Then every show and every field with a model counterpart is there
        #expect(schedule.pubDate == ISO8601DateFormatter().date(from: pubDateText))
        try #require(schedule.shows.count == expected.count)
        #expect(!expected.isEmpty)
        for (show, element) in zip(schedule.shows, expected) {
            expectShow(show, matches: element)
        }
    }

    private func expectShow(_ show: Show, matches element: XMLElement) {
        #expect(show.id == element.text("ID").flatMap { Int($0) })
        #expect(show.accountingDate.map(\.description) == element.text("dtAccounting").map { String($0.prefix(10)) })
        #expect(show.start == ReferenceTime.utc(element.text("dttmShowStartUTC")))
        #expect(show.start == ReferenceTime.local(element.text("dttmShowStart")))
        #expect(show.end == ReferenceTime.utc(element.text("dttmShowEndUTC")))
        #expect(show.salesStart == ReferenceTime.utc(element.text("ShowSalesStartTimeUTC")))
        #expect(show.salesEnd == ReferenceTime.utc(element.text("ShowSalesEndTimeUTC")))
        #expect(show.reservationStart == ReferenceTime.utc(element.text("ShowReservationStartTimeUTC")))
        #expect(show.reservationEnd == ReferenceTime.utc(element.text("ShowReservationEndTimeUTC")))
        #expect(show.eventID == element.text("EventID").flatMap { Int($0) })
        #expect(show.title == element.text("Title"))
        #expect(show.originalTitle == element.text("OriginalTitle"))
        #expect(show.productionYear == element.text("ProductionYear").flatMap { Int($0) })
        let length = element.text("LengthInMinutes").flatMap { Int($0) }
        #expect(show.lengthInMinutes == (length == 0 ? nil : length))
        #expect(show.localRelease.map(\.description) == element.text("dtLocalRelease").map { String($0.prefix(10)) })
        #expect(show.rating.code == element.text("Rating"))
        #expect(show.rating.label == element.text("RatingLabel"))
        #expect(show.rating.imageURL?.absoluteString == element.text("RatingImageUrl"))
        #expect(show.eventType.wireValue == element.text("EventType"))
        #expect(show.genres == element.text("Genres")?.components(separatedBy: ", "))
        #expect(show.theatreID == element.text("TheatreID").flatMap { Int($0) })
        #expect(show.auditoriumID == element.text("TheatreAuditriumID").flatMap { Int($0) })
        #expect(show.theatre == element.text("Theatre"))
        #expect(show.auditorium == element.text("TheatreAuditorium"))
        #expect(show.theatreAndAuditorium == element.text("TheatreAndAuditorium"))
        #expect(show.presentationMethodAndLanguage == element.text("PresentationMethodAndLanguage"))
        #expect(show.presentationMethod == element.text("PresentationMethod"))
        let series = element.text("EventSeries")
        #expect(show.eventSeries == (series?.isEmpty == true ? nil : series))
        #expect(show.showURL?.absoluteString == element.text("ShowURL"))
        #expect(show.eventURL?.absoluteString == element.text("EventURL"))
        #expect(show.spokenLanguage == element.child("SpokenLanguage").map(Self.language))
        let subtitles = ["SubtitleLanguage1", "SubtitleLanguage2"].compactMap { element.child($0).map(Self.language) }
        #expect(show.subtitleLanguages == subtitles)
        expectImages(show.images, match: element.child("Images"))
        let descriptors = element.child("ContentDescriptors")?.elements(forName: "ContentDescriptor") ?? []
        #expect(show.contentDescriptors.map(\.name) == descriptors.map { $0.text("Name") ?? "" })
        #expect(show.contentDescriptors.map(\.imageURL?.absoluteString) == descriptors.map { $0.text("ImageURL") })
    }

    static func language(_ element: XMLElement) -> ShowLanguage {
        let nameInLanguage = element.text("NameInLanguage")
        return ShowLanguage(
            name: element.text("Name") ?? "", nameInLanguage: nameInLanguage?.isEmpty == true ? nil : nameInLanguage,
            isoTwoLetterCode: element.text("ISOTwoLetterCode") ?? "")
    }

    @Test("the 2022 Helsinki sample: first show, entities, misspelled auditorium ID, two subtitle tracks")
    func helsinki2022Values() throws {
        // Given the 2022-02-27 Helsinki sample (values below read from the file)
        let data = try AnchorFixture.data("schedule-area1002-helsinki-2022-02-27.xml")

        // When it is decoded
        let schedule = try FinnkinoXMLDecoder.decodeSchedule(data)

        // Then the first show is Guled & Nasra at Kinopalatsi, 10:30 Helsinki time (08:30 UTC)
        let first = try #require(schedule.shows.first)
        #expect(schedule.shows.count == 84)
        #expect(first.id == 1_676_827)
        #expect(first.title == "Guled & Nasra")
        #expect(first.auditoriumID == 1195)
        #expect(first.theatreID == 1034)
        #expect(first.start == ReferenceTime.utc(2022, 2, 27, 8, 30))
        #expect(first.end == ReferenceTime.utc(2022, 2, 27, 10, 3))
        #expect(first.salesStart == nil)  // 2000-01-01 sentinel
        #expect(first.reservationStart == nil)  // 0001-01-01 sentinel without Z
        #expect(first.spokenLanguage?.isoTwoLetterCode == "SO")
        #expect(first.subtitleLanguages.map(\.isoTwoLetterCode) == ["FI", "SV"])
        #expect(first.subtitleLanguages.first?.nameInLanguage == nil)
        #expect(first.eventSeries == nil)
        #expect(first.contentDescriptors.map(\.name) == ["Disturbing"])
        #expect(first.images.microPortrait == nil)
        #expect(first.images.mediumPortrait?.lastPathComponent == "Guled_1080.jpg")
        #expect(schedule.pubDate == ReferenceTime.utc(2022, 2, 26, 22, 0))
    }

    @Test("the finnkino2json mock: rating (none), private screening, subtitle NA, <X/> empties")
    func privateScreeningValues() throws {
        // Given the mock show (read from the file)
        let data = try AnchorFixture.data("schedule-finnkino2json-mock-2021-12-30.xml")

        // When it is decoded
        let show = try #require(try FinnkinoXMLDecoder.decodeSchedule(data).shows.first)

        // Then
        #expect(show.rating.code == "(none)")
        #expect(show.rating.minimumAge == nil)
        #expect(show.rating.imageURL?.absoluteString == "https://media.finnkino.fi/images/rating_large_(none).png")
        #expect(show.genres == ["Oma näytös"])
        #expect(show.spokenLanguage == nil)
        #expect(
            show.subtitleLanguages == [
                ShowLanguage(name: "Valitun elokuvan mukainen", nameInLanguage: nil, isoTwoLetterCode: "NA")
            ])
        #expect(show.contentDescriptors.isEmpty)
        #expect(show.eventSeries == nil)
        #expect(show.reservationEnd == nil)  // 0001-01-01T00:00:00Z
        #expect(show.accountingDate == LocalDate(year: 2022, month: 1, day: 1))
    }

    @Test("the 2018 sample has no language elements and a real reservation end")
    func inkino2018Values() throws {
        // Given the 2018 inKino sample (read from the file)
        let data = try AnchorFixture.data("schedule-inkino-testasset-2018-02-21.xml")

        // When it is decoded
        let shows = try FinnkinoXMLDecoder.decodeSchedule(data).shows

        // Then
        let first = try #require(shows.first)
        #expect(first.title == "Jumanji: Welcome to the Jungle")
        #expect(first.auditoriumID == 1279)
        #expect(first.spokenLanguage == nil && first.subtitleLanguages.isEmpty)
        #expect(first.reservationStart == nil)  // 2000-01-01 sentinel
        #expect(first.reservationEnd == ReferenceTime.utc(2018, 2, 21, 7, 0))
        #expect(first.images.microPortrait?.absoluteString.contains("portrait_micro") == true)
    }

    @Test("the 2021 sample keeps event series tags and shows with a partial image set")
    func capitalArea2021Values() throws {
        // Given the 2021 capital-area sample and the series tags and image sets in it
        let name = "schedule-capitalarea-default-2021-11-12.xml"
        let elements = try AnchorFixture.elements(name, "/Schedule/Shows/Show")
        let seriesInFile = Set(elements.compactMap { $0.text("EventSeries") }.filter { !$0.isEmpty })
        let withoutMedium = elements.filter { $0.child("Images")?.child("EventMediumImagePortrait") == nil }.count

        // When it is decoded
        let shows = try FinnkinoXMLDecoder.decodeSchedule(AnchorFixture.data(name)).shows

        // Then
        #expect(!seriesInFile.isEmpty)
        #expect(Set(shows.compactMap(\.eventSeries)) == seriesInFile)
        #expect(shows.filter { $0.images.mediumPortrait == nil }.count == withoutMedium)
        #expect(shows.contains { $0.rating.code.contains("Anniskelu") })
    }

    @Test(
        "without the UTC twins, every start is the same instant read from Helsinki local time",
        arguments: AnchorFixture.scheduleSamples)
    func localTimesAgreeWithUTCTwins(name: String) throws {
        // Given a sample, and a copy of it with every …UTC element removed (as in 2011 data)
        let text = try AnchorFixture.text(name)
        let localOnly = text.replacingOccurrences(
            of: #"<(\w+)UTC>[^<]*</\1UTC>|<(\w+)UTC\s*/>"#, with: "", options: .regularExpression)
        #expect(!localOnly.contains("UTC>"))

        // When both are decoded
        let withTwins = try FinnkinoXMLDecoder.decodeSchedule(Data(text.utf8)).shows
        let fromLocal = try FinnkinoXMLDecoder.decodeSchedule(Data(localOnly.utf8)).shows

        // Then the instants are the same
        #expect(withTwins.map(\.start) == fromLocal.map(\.start))
        #expect(withTwins.map(\.end) == fromLocal.map(\.end))
        #expect(withTwins.map(\.salesEnd) == fromLocal.map(\.salesEnd))
    }
}
