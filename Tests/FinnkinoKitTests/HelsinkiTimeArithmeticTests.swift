import FinnkinoKit
import Foundation
import Testing

@Suite struct HelsinkiTimeArithmeticTests {
    @Test func winterAndSummerOffsets() {
        // 2022-02-27T08:30:00Z is 10:30 in Helsinki (UTC+2); 2022-07-01T08:30:00Z is 11:30 (UTC+3).
        #expect(HelsinkiTime.clockTime(of: Date(timeIntervalSince1970: 1_645_950_600)) == "10:30")
        #expect(HelsinkiTime.clockTime(of: Date(timeIntervalSince1970: 1_656_664_200)) == "11:30")
    }

    @Test func localDateChangesAtHelsinkiMidnightNotUTC() {
        // 2022-02-26T22:30:00Z is already 00:30 on the 27th in Helsinki.
        #expect(
            HelsinkiTime.localDate(of: Date(timeIntervalSince1970: 1_645_914_600))
                == LocalDate(year: 2022, month: 2, day: 27))
    }

    @Test(arguments: [
        (LocalDate(year: 1970, month: 1, day: 1), 4), (LocalDate(year: 2022, month: 2, day: 27), 7),
        (LocalDate(year: 2026, month: 11, day: 23), 1), (LocalDate(year: 1969, month: 12, day: 29), 1),
    ])
    func isoWeekday(date: LocalDate, weekday: Int) {
        #expect(HelsinkiTime.isoWeekday(of: date) == weekday)
    }

    @Test func localDateArithmeticRoundTrips() {
        let start = LocalDate(year: 2024, month: 2, day: 28)
        #expect(start.adding(days: 1) == LocalDate(year: 2024, month: 2, day: 29))
        #expect(start.adding(days: 2) == LocalDate(year: 2024, month: 3, day: 1))
        #expect(LocalDate(daysSinceEpoch: start.daysSinceEpoch) == start)
        #expect(start.finnkinoQueryValue == "28.02.2024")
        // Written digit by digit, zero-padded; what is out of range (a saved state may hold
        // anything) is written as it is, not a crash
        #expect(LocalDate(year: 987, month: 1, day: 2).description == "0987-01-02")
        #expect(LocalDate(year: 12_345, month: 1, day: 2).description == "12345-01-02")
        #expect(LocalDate(year: 2024, month: -1, day: 100).description == "2024--1-100")
        #expect(LocalDate(year: 987, month: 3, day: 7).finnkinoQueryValue == "07.03.0987")
        #expect(LocalDate(year: 12_345, month: 1, day: 2).finnkinoQueryValue == "02.01.12345")
        #expect(LocalDate(year: 2024, month: -1, day: 100).finnkinoQueryValue == "100.-1.2024")
        #expect(LocalDate(iso: "2024-13-01") == nil)
        #expect(LocalDate(iso: "2026-02-31") == nil && LocalDate(iso: "2026-04-31") == nil)
        #expect(LocalDate(iso: "2026-02-29") == nil && LocalDate(iso: "2024-02-29")?.day == 29)
        #expect(LocalDate(iso: "2026-00-10") == nil && LocalDate(iso: "2026-01-00") == nil)
        #expect(LocalDate(finnish: "29.2.2024") == LocalDate(year: 2024, month: 2, day: 29))
        #expect(LocalDate(finnish: "31.2.2026") == nil && LocalDate(finnish: "1.1.9223372036854775807") == nil)
        #expect(!LocalDate(year: Int.max, month: 1, day: 1).isOnTheCalendar)
        #expect(LocalDate(iso: "garbage") == nil)
        #expect(LocalDate(iso: "2021-11-12T00:00:00") == LocalDate(year: 2021, month: 11, day: 12))
    }

    @Test(arguments: [
        // Winter, summer, and both sides of the 2026 changes (29 March and 25 October, 01:00 UTC).
        (1_645_950_600, "2022-02-27T10:30:00+02:00"), (1_656_664_200, "2022-07-01T11:30:00+03:00"),
        (1_774_745_999, "2026-03-29T02:59:59+02:00"), (1_774_746_000, "2026-03-29T04:00:00+03:00"),
        (1_792_889_999, "2026-10-25T03:59:59+03:00"), (1_792_890_000, "2026-10-25T03:00:00+02:00"),
        (1_645_914_600, "2022-02-27T00:30:00+02:00"),
    ])
    func iso8601CarriesTheOffsetInForce(seconds: Int, text: String) throws {
        let instant = Date(timeIntervalSince1970: TimeInterval(seconds))
        #expect(HelsinkiTime.iso8601(instant) == text)
        // An independent reader gets the same instant back
        #expect(ISO8601DateFormatter().date(from: text) == instant)
    }

    @Test func aCalendarDayIsWrittenAsItsISOFormAndReadInBothForms() throws {
        let day = LocalDate(year: 2026, month: 11, day: 4)
        #expect(String(decoding: try JSONEncoder().encode([day]), as: UTF8.self) == "[\"2026-11-04\"]")
        #expect(try JSONDecoder().decode([LocalDate].self, from: Data("[\"2026-11-04\"]".utf8)) == [day])
        // A saved state written before the ISO form
        let legacy = Data("[{\"year\":2026,\"month\":11,\"day\":4}]".utf8)
        #expect(try JSONDecoder().decode([LocalDate].self, from: legacy) == [day])
        for bad in ["[\"2026-13-04\"]", "[\"tomorrow\"]", "[\"2026-11-04T10:00\"]", "[20261104]"] {
            #expect(throws: DecodingError.self, "\(bad)") {
                try JSONDecoder().decode([LocalDate].self, from: Data(bad.utf8))
            }
        }
    }
}
