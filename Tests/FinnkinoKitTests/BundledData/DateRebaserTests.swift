import Foundation
import Testing

@testable import FinnkinoKit

@Suite("DateRebaser")
struct DateRebaserTests {
    static let anchor = LocalDate(year: 2025, month: 3, day: 24)

    private func rebase(_ text: String, by days: Int) -> String {
        let rebaser = DateRebaser(anchor: Self.anchor, shiftDays: days)
        return String(decoding: rebaser.rebase(Data(text.utf8)), as: UTF8.self)
    }

    /// The instant of a Helsinki wall-clock reading, by Foundation's time-zone database.
    private func helsinkiInstant(_ text: String) throws -> Date {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "Europe/Helsinki")
        formatter.dateFormat = "yyyy-MM-dd'T'HH:mm:ss"
        return try #require(formatter.date(from: text))
    }

    private func utcInstant(_ text: String) throws -> Date {
        try #require(ISO8601DateFormatter().date(from: text))
    }

    @Test func winterToSummerKeepsTheWallClockAndMovesTheUTCTwin() {
        // Given a winter show (UTC+2) moved 7 days into summer time (UTC+3)
        let text = "<a>2025-03-24T19:00:00</a><b>2025-03-24T17:00:00Z</b>"
        // When it is rebased
        let result = rebase(text, by: 7)
        // Then local time stays 19:00 and the UTC twin becomes 16:00Z
        #expect(result == "<a>2025-03-31T19:00:00</a><b>2025-03-31T16:00:00Z</b>")
    }

    @Test func summerToWinterMovesTheUTCTwinTheOtherWay() {
        // Given a summer show (UTC+3) moved across the end of summer time (2025-10-26)
        let text = "<a>2025-10-20T10:30:00</a><b>2025-10-20T07:30:00Z</b>"
        // When it is rebased 7 days forward
        let result = rebase(text, by: 7)
        // Then the UTC twin is 08:30Z, two hours behind the unchanged wall clock
        #expect(result == "<a>2025-10-27T10:30:00</a><b>2025-10-27T08:30:00Z</b>")
    }

    @Test func offsetsAreRewrittenForTheNewDate() {
        // Given a winter PubDate with +02:00
        let text = "<PubDate>2025-03-24T00:00:00+02:00</PubDate>"
        // When it is moved into summer
        let result = rebase(text, by: 14)
        // Then it is midnight with +03:00
        #expect(result == "<PubDate>2025-04-07T00:00:00+03:00</PubDate>")
    }

    @Test func sentinelsAndFarDatesStayUntouched() {
        // Given the API's sentinels, a UTC sentinel without Z and a date years away
        let text = """
            <a>0001-01-01T00:00:00</a><b>0001-01-01T00:00:00</b><c>2000-01-01T00:00:00</c>\
            <d>2000-01-01T00:00:00Z</d><e>2031-05-01T12:00:00</e><f>2019-01-01T00:00:00</f>
            """
        // When it is rebased
        let result = rebase(text, by: 200)
        // Then nothing changed
        #expect(result == text)
    }

    @Test func aCurrentFilmsProductionYearMovesByTheYearsTheAnchorMoved() {
        // Given this and last year's films, an old film, and a year that is not four digits
        let text =
            "<ProductionYear>2025</ProductionYear><ProductionYear>2024</ProductionYear>"
            + "<ProductionYear>1985</ProductionYear><ProductionYear>20250</ProductionYear><ProductionYear />"
        // When the anchor moves 612 days (2025-03-24 reads as 2026-11-26), then the current years
        // move one year on, and the rest stays as it was
        #expect(
            rebase(text, by: 612)
                == "<ProductionYear>2026</ProductionYear><ProductionYear>2025</ProductionYear>"
                + "<ProductionYear>1985</ProductionYear><ProductionYear>20250</ProductionYear><ProductionYear />")
        // And a move within the anchor's year, or back a year, moves them by that
        #expect(rebase("<ProductionYear>2025</ProductionYear>", by: 200) == "<ProductionYear>2025</ProductionYear>")
        #expect(rebase("<ProductionYear>2025</ProductionYear>", by: -100) == "<ProductionYear>2024</ProductionYear>")
    }

    @Test func noChangeWhenTheShiftIsZero() {
        // Given a document and a zero shift
        let text = "<a>2025-03-30T10:00:00</a><b>2025-03-30T07:00:00Z</b><c>2025-03-30T00:00:00+02:00</c>"
        // When it is rebased
        let rebaser = DateRebaser(anchor: Self.anchor, today: Self.anchor)
        // Then the bytes are the same
        #expect(rebaser.shiftDays == 0)
        #expect(String(decoding: rebaser.rebase(Data(text.utf8)), as: UTF8.self) == text)
    }

    @Test(arguments: [
        "2025-13-01T10:00:00", "2025-02-30T10:00:00", "2025-03-24T24:00:00", "2025-03-24T10:60:00",
        "2025-03-24T10:00:61", "2025-3-24T10:00:00x", "12025-03-24T10:00:00", "2025-03-24T10:00:001",
        "2025-0a-24T10:00:00", "2025-03-24 10:00:00", "2025-03-24T10:00",
    ])
    func malformedTimestampsAreLeftAlone(stamp: String) {
        // Given something that only looks like a timestamp
        let text = "<a>\(stamp)</a>"
        // When it is rebased
        // Then it is unchanged
        #expect(rebase(text, by: 3) == text)
    }

    @Test func negativeShiftsMoveBackward() {
        // Given a summer date moved back into winter
        let result = rebase("<a>2025-04-02T12:00:00</a><b>2025-04-02T09:00:00Z</b>", by: -9)
        // Then the wall clock is kept and the UTC twin follows winter time
        #expect(result == "<a>2025-03-24T12:00:00</a><b>2025-03-24T10:00:00Z</b>")
    }

    @Test func utcTwinsStayConsistentForEveryShiftOfAYear() throws {
        // Given a late show and its UTC twin on the anchor date
        let local = "2025-03-24T22:45:00"
        let utc = "2025-03-24T20:45:00Z"
        for days in stride(from: -300, through: 400, by: 13) {
            // When both are moved by the same number of days
            let result = rebase("\(local)|\(utc)", by: days).split(separator: "|").map(String.init)
            try #require(result.count == 2)
            // Then they are still the same instant in Helsinki time (Foundation's tz database)
            #expect(try helsinkiInstant(result[0]) == utcInstant(result[1]), "shift \(days): \(result)")
        }
    }

    @Test func helsinkiArithmeticAgreesWithTheTimeZoneDatabase() throws {
        // Given every hour of 2024 to 2027 around the transitions
        let zone = try #require(TimeZone(identifier: "Europe/Helsinki"))
        var seconds = 1_704_067_200  // 2024-01-01T00:00:00Z
        while seconds < 1_830_297_600 {  // 2028-01-01
            // Then the offset matches Foundation's
            let expected = zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(seconds)))
            #expect(HelsinkiTime.offset(atUTC: seconds) == expected, "at \(seconds)")
            seconds += 3_600 * 7
        }
    }

    @Test func rebasesWholeDocumentsInPlaceKeepingTheirLength() {
        // Given a document with many timestamps
        let show = "<s><t>2025-03-28T21:15:00</t><u>2025-03-28T19:15:00Z</u><v>0001-01-01T00:00:00</v></s>\n"
        let document = Data(String(repeating: show, count: 500).utf8)
        // When it is rebased
        let result = DateRebaser(anchor: Self.anchor, shiftDays: 30).rebase(document)
        // Then the length is kept and every show moved the same way
        #expect(result.count == document.count)
        let expected = "<s><t>2025-04-27T21:15:00</t><u>2025-04-27T18:15:00Z</u><v>0001-01-01T00:00:00</v></s>\n"
        #expect(String(decoding: result, as: UTF8.self) == String(repeating: expected, count: 500))
    }
}
