import Foundation
import Testing

@testable import FinnkinoKit

@Suite("Helsinki wall-clock times and summer time")
struct HelsinkiTimeTests {
    /// A show with only local times (2011 style: no …UTC twins).
    static func localOnlySchedule(_ starts: [String]) -> Data {
        let shows = starts.enumerated().map { index, start in
            "<Show><ID>\(index + 1)</ID><dttmShowStart>\(start)</dttmShowStart><EventID>1</EventID><TheatreID>1</TheatreID></Show>"
        }
        return Data("<Schedule><Shows>\(shows.joined())</Shows></Schedule>".utf8)
    }

    static func starts(_ local: [String]) throws -> [Date] {
        try FinnkinoXMLDecoder.decodeSchedule(localOnlySchedule(local)).shows.map(\.start)
    }

    @Test("spring forward, 2022-03-27: 03:00 EET jumps to 04:00 EEST (01:00 UTC)")
    func springForward() throws {
        // Given local-only shows around the change
        let local = ["2022-03-27T02:30:00", "2022-03-27T03:30:00", "2022-03-27T04:30:00", "2022-03-27T23:30:00"]

        // When decoded
        let starts = try Self.starts(local)

        // Then before the change UTC+2, after it UTC+3; the skipped 03:30 reads as 04:30 summer time
        #expect(
            starts == [
                ReferenceTime.utc(2022, 3, 27, 0, 30), ReferenceTime.utc(2022, 3, 27, 1, 30),
                ReferenceTime.utc(2022, 3, 27, 1, 30), ReferenceTime.utc(2022, 3, 27, 20, 30),
            ])
    }

    @Test("fall back, 2022-10-30: 04:00 EEST goes back to 03:00 EET (01:00 UTC)")
    func fallBack() throws {
        // Given local-only shows around the change
        let local = ["2022-10-30T02:30:00", "2022-10-30T03:30:00", "2022-10-30T04:30:00", "2022-10-30T21:00:00"]

        // When decoded
        let starts = try Self.starts(local)

        // Then the repeated 03:30 is its first (summer-time) occurrence, later times UTC+2
        #expect(
            starts == [
                ReferenceTime.utc(2022, 10, 29, 23, 30), ReferenceTime.utc(2022, 10, 30, 0, 30),
                ReferenceTime.utc(2022, 10, 30, 2, 30), ReferenceTime.utc(2022, 10, 30, 19, 0),
            ])
    }

    @Test("ordinary summer and winter days agree with Foundation's Helsinki time zone")
    func agreesWithFoundation() throws {
        // Given local times through a year, including the days around both changes
        var local: [String] = []
        for day in stride(from: 0, to: 365, by: 3) {
            let date = LocalDate(year: 2022, month: 1, day: 1).adding(days: day)
            local.append("\(date)T18:15:00")
            local.append("\(date)T00:00:00")
        }

        // When decoded
        let starts = try Self.starts(local)

        // Then each equals Foundation's reading of the same wall-clock time
        #expect(starts == local.map { ReferenceTime.local($0) })
    }

    @Test("the arithmetic EU rule agrees with the time zone database, but for the repeated hour")
    func euRuleAgreesWithTimeZoneData() throws {
        // Given every half hour of 2021 and 2022 as a UTC instant and its Helsinki wall clock
        let zone = try #require(TimeZone(identifier: "Europe/Helsinki"))
        let start = LocalDate(year: 2021, month: 1, day: 1).daysSinceEpoch * 86_400
        let end = LocalDate(year: 2023, month: 1, day: 1).daysSinceEpoch * 86_400
        var differences: [Int] = []
        for utc in stride(from: start, to: end, by: 1_800) {
            let local = utc + zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(utc)))
            // When the wall clock is turned back into an instant by arithmetic
            if HelsinkiTime.utcSeconds(ofLocal: local) != utc { differences.append(utc) }
        }
        // Then only the second occurrences of the repeated hour in October differ (03:00 and 03:30,
        // read as their first, summer-time occurrence): two a year.
        #expect(differences.count == 4)
        #expect(
            differences.allSatisfy {
                HelsinkiTime.offset(atUTC: $0) == 7_200 && HelsinkiTime.offset(atUTC: $0 - 3_600) == 10_800
            })
    }

    @Test("explicit zones win: Z, +02:00 and -05:00 suffixes; a …UTC twin without Z is UTC")
    func explicitZones() throws {
        // Given a show whose local start carries a Z and whose end a UTC twin without Z
        let data = Data(
            """
            <Schedule><PubDate>2022-07-01T00:00:00+03:00</PubDate><Shows><Show><ID>1</ID>
            <dttmShowStart>2022-07-01T12:00:00Z</dttmShowStart><dttmShowEndUTC>2022-07-01T14:00:00</dttmShowEndUTC>
            <ShowSalesEndTime>2022-07-01T06:00:00-05:00</ShowSalesEndTime><ShowSalesEndTimeUTC />
            <EventID>1</EventID><TheatreID>1</TheatreID></Show></Shows></Schedule>
            """.utf8)

        // When decoded
        let schedule = try FinnkinoXMLDecoder.decodeSchedule(data)
        let show = try #require(schedule.shows.first)

        // Then
        #expect(schedule.pubDate == ReferenceTime.utc(2022, 6, 30, 21, 0))
        #expect(show.start == ReferenceTime.utc(2022, 7, 1, 12, 0))
        #expect(show.end == ReferenceTime.utc(2022, 7, 1, 14, 0))
        #expect(show.salesEnd == ReferenceTime.utc(2022, 7, 1, 11, 0))
    }

    @Test(
        "sentinels mean not set, with or without Z, in local and UTC elements",
        arguments: [
            "0001-01-01T00:00:00", "0001-01-01T00:00:00Z", "2000-01-01T00:00:00", "2000-01-01T00:00:00Z",
        ])
    func sentinels(text: String) throws {
        let data = MalformedInputTests.schedule(
            extra:
                "<ShowSalesStartTime>\(text)</ShowSalesStartTime><ShowSalesStartTimeUTC>\(text)</ShowSalesStartTimeUTC><dttmShowEnd>\(text)</dttmShowEnd>"
        )
        let show = try #require(try FinnkinoXMLDecoder.decodeSchedule(data).shows.first)
        #expect(show.salesStart == nil)
        #expect(show.end == nil)
    }

    @Test("2000-01-01 at another time of day is a real time")
    func notASentinel() throws {
        let data = MalformedInputTests.schedule(extra: "<dttmShowEnd>2000-01-01T12:00:00</dttmShowEnd>")
        let show = try #require(try FinnkinoXMLDecoder.decodeSchedule(data).shows.first)
        #expect(show.end == ReferenceTime.utc(2000, 1, 1, 10, 0))
    }

    @Test("a 2011-style show without UTC twins, dtAccounting or EventType decodes from local time")
    func show2011() throws {
        // Given a show in the 2011 field set (as described in SCHEMA.md)
        let data = Data(
            """
            <?xml version="1.0"?>
            <Schedule xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xsd="http://www.w3.org/2001/XMLSchema">
              <PubDate>2011-03-10T00:00:00+02:00</PubDate>
              <Shows><Show>
                <ID>1095344</ID><dttmShowStart>2011-03-10T18:00:00</dttmShowStart><EventID>300001</EventID>
                <Title>Vanha elokuva</Title><Rating>K 13</Rating><TheatreID>1034</TheatreID>
                <TheatreAuditriumID>1195</TheatreAuditriumID><Theatre>Kinopalatsi Helsinki</Theatre>
                <PresentationMethodAndLanguage>suomi</PresentationMethodAndLanguage><PresentationMethod />
                <ShowURL>http://www.finnkino.fi/Websales/Show/1095344/</ShowURL><EventURL>http://www.finnkino.fi/Event/300001/</EventURL>
              </Show></Shows>
            </Schedule>
            """.utf8)

        // When decoded
        let show = try #require(try FinnkinoXMLDecoder.decodeSchedule(data).shows.first)

        // Then
        #expect(show.start == ReferenceTime.utc(2011, 3, 10, 16, 0))
        #expect(show.end == nil && show.accountingDate == nil && show.salesEnd == nil)
        #expect(show.eventType == .movie)
        #expect(show.rating.minimumAge == 13)
        #expect(show.auditoriumID == 1195 && show.theatre == "Kinopalatsi Helsinki" && show.presentationMethod == "")
    }
}
