import AppPatterns
import Foundation
import Testing

@testable import FinnkinoKit
@testable import FinnkinoPresentation

@Suite struct DisplayFormatTests {
    let english = DisplayFormat(strings: .english)

    @Test func lengthInHoursAndMinutes() {
        // Given lengths under and over an hour, and unknown ones
        // Then they read as a person writes them
        #expect(english.length(112) == "1 h 52 min")
        #expect(english.length(45) == "45 min")
        #expect(english.length(120) == "2 h 0 min")
        #expect(english.length(nil) == "–")
        #expect(english.length(0) == "–")
    }

    @Test func ageAsShownInFinland() {
        func rating(_ code: String) -> Rating { Rating(code: code, label: code, imageURL: nil) }
        #expect(english.age(rating("S")) == "S")
        #expect(english.age(rating("Luok_vap")) == "S")
        #expect(english.age(rating("12")) == "12")
        #expect(english.age(rating("Anniskelu K18 (elokuva: 12)")) == "12")
        #expect(english.age(rating("Tulossa")) == "–")
    }

    @Test(arguments: [
        ("S", 0), ("s", 0), ("Luok_vap", 0), ("LUOK.VAP.", 0), ("7", 7), ("K 13", 13),
        ("Anniskelu K18 (elokuva: 12)", 12),
        ("Anniskelu K18 (elokuva:7)", 7), ("Anniskelu K18 (elokuva: ?)", 18),
    ])
    func minimumAgeOfARatingCode(code: String, age: Int) {
        #expect(Rating(code: code, label: code, imageURL: nil).minimumAge == age)
    }

    @Test(arguments: ["", "Tulossa", "(none)", "Not yet rated", "12345", "١٢"])
    func ratingCodesWithoutAnAgeHaveNone(code: String) {
        // Given codes that name no age, or a number too long to be one, or non-ASCII digits
        // Then there is no minimum age (and nothing crashes)
        #expect(Rating(code: code, label: code, imageURL: nil).minimumAge == nil)
    }

    @Test func dayLabelsNameTodayAndTomorrowThenTheWeekday() {
        // Given Sunday 22.11.2026
        let today = LocalDate(year: 2026, month: 11, day: 22)
        let finnish = DisplayFormat(strings: .finnish)
        // Then the next days read Today, Tomorrow (Monday), then Tuesday's short name
        #expect(english.day(today, today: today) == "Today")
        #expect(finnish.day(today.adding(days: 1), today: today) == "Huomenna")
        #expect(english.day(today.adding(days: 2), today: today) == "Tue 24.11.")
        #expect(finnish.day(today.adding(days: 2), today: today) == "ti 24.11.")
    }

    @Test func staleNoticeOnlyForStaleData() throws {
        let fetched = Date(timeIntervalSince1970: 1_000_000)
        let fresh = Loaded(value: 1, fetchedAt: fetched)
        let stale = Loaded(value: 1, fetchedAt: fetched, isStale: true)
        #expect(english.staleNotice(fresh, now: fetched + 600) == nil)
        let notice = try #require(english.staleNotice(stale, now: fetched + 600))
        #expect(notice.contains("10 min"))
        #expect(english.staleNotice(stale, now: fetched + 3 * 3600)?.contains("3 h") == true)
    }

    /// One way to say how long ago: the stale notice, the offline banner and the command line's
    /// note all say it so.
    @Test func elapsedTimeInMinutesHoursAndDays() {
        #expect(english.elapsed(0) == "0 min" && english.elapsed(0, atLeastAMinute: true) == "1 min")
        #expect(english.elapsed(59 * 60 + 59) == "59 min")
        #expect(english.elapsed(3600) == "1 h" && english.elapsed(47 * 3600 + 3599) == "47 h")
        #expect(english.elapsed(48 * 3600) == "2 d" && english.elapsed(-30) == "0 min")
        #expect(english.weekdayAndFullDate(LocalDate(year: 2022, month: 2, day: 27)) == "Sun 27.2.2022")
    }

    @Test func bothLanguagesFillEveryEntry() {
        // Given the two tables
        for strings in [UIStrings.finnish, UIStrings.english] {
            // Then no entry is empty and the week has seven days
            let mirror = Mirror(reflecting: strings)
            for child in mirror.children {
                if let text = child.value as? String { #expect(!text.isEmpty, "\(child.label ?? "?") is empty") }
            }
            #expect(strings.weekdays.count == 7)
        }
        #expect(UIStrings.finnish.moviesTab != UIStrings.english.moviesTab)
        #expect(UIStrings.english.noMoviesMatching("xyz").contains("“xyz”"))
    }

    @Test func templatesTakeTheirValueAtEachMarker() {
        // Given templates with no marker, one at either end, two, and a value that holds a marker
        // Then each `%@` is replaced once, the rest kept byte for byte
        #expect(Template(stringLiteral: "Kumoa")("x") == "Kumoa")
        #expect(Template(stringLiteral: "%@ ago")("5 min") == "5 min ago")
        #expect(Template(stringLiteral: "Poistettu: %@")("Dyyni – osa 2") == "Poistettu: Dyyni – osa 2")
        #expect(Template(stringLiteral: "”%@” ja ”%@”")("ö") == "”ö” ja ”ö”")
        #expect(Template(stringLiteral: "100 % %@")("%@") == "100 % %@")
        #expect(Template(stringLiteral: "")("x") == "")
    }
}
