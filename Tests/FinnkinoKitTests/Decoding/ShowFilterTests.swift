import Foundation
import Testing

@testable import FinnkinoKit

/// Which shows a filter lets through, on the real samples' shows.
@Suite struct ShowFilterTests {
    private static func shows() throws -> [Show] { try ShowFeaturesTests.sampleShows() }

    @Test func anEmptyFilterLetsEveryShowThrough() throws {
        #expect(ShowFilter().isEmpty)
        #expect(try Self.shows().allSatisfy(ShowFilter().matches))
        #expect(!ShowFilter(onlyMyTheatres: true).isEmpty)
    }

    @Test func spokenLanguageIsTheSoundtracksOriginalOrDubbed() throws {
        let shows = try Self.shows()
        let finnish = shows.filter(ShowFilter(spoken: "fi").matches)
        #expect(!finnish.isEmpty && finnish.count < shows.count)
        for show in shows {
            let heard: String? =
                switch show.features.soundtrack {
                case .original(let code): code
                case .dubbed(let code): code
                case .severalLanguages: nil
                }
            #expect(ShowFilter(spoken: "fi").matches(show) == (heard == "fi"), "\(show.id)")
        }
        // A dub in Finnish is heard in Finnish
        #expect(finnish.contains { $0.features.soundtrack == .dubbed(language: "fi") })
    }

    @Test func subtitlesPictureAndAccessibility() throws {
        let shows = try Self.shows()
        for show in shows {
            let features = show.features
            #expect(ShowFilter(subtitles: "en").matches(show) == features.subtitles.contains("en"))
            #expect(ShowFilter(picture: .threeD).matches(show) == (features.picture == .threeD))
            #expect(ShowFilter(picture: .twoD).matches(show) == (features.picture == .twoD))
            #expect(
                ShowFilter(accessibility: .descriptiveSubtitles).matches(show)
                    == features.specials.contains(.descriptiveSubtitles))
            #expect(ShowFilter(accessibility: .signLanguage).matches(show) == features.specials.contains(.signLanguage))
        }
        #expect(shows.filter(ShowFilter(accessibility: .descriptiveSubtitles).matches).count == 3)
        #expect(shows.filter(ShowFilter(accessibility: .signLanguage).matches).count == 1)
        // Parts add up: Finnish subtitles and English spoken
        let both = ShowFilter(spoken: "en", subtitles: "fi")
        #expect(
            shows.filter(both.matches)
                == shows.filter { ShowFilter(spoken: "en").matches($0) && ShowFilter(subtitles: "fi").matches($0) })
    }

    @Test func theTimeWindowIsHelsinkisWallClockOfTheShowsDay() throws {
        // Given a show of 27.11.2026 from 21:30 to 00:15 (Helsinki)
        var show = try #require(try Self.shows().first)
        let day = LocalDate(year: 2026, month: 11, day: 27)
        show.accountingDate = day
        show.start = HelsinkiTime.instant(of: day, hour: 21, minute: 30)
        show.end = HelsinkiTime.instant(of: day.adding(days: 1), hour: 0, minute: 15)
        // Then it starts from 21:30 but not from 21:31, and ends by 24:15 but not by 24:14 or 23:00
        #expect(ShowFilter(startsFrom: 21 * 60 + 30).matches(show))
        #expect(!ShowFilter(startsFrom: 21 * 60 + 31).matches(show))
        #expect(ShowFilter(endsBy: 24 * 60 + 15).matches(show))
        #expect(!ShowFilter(endsBy: 24 * 60 + 14).matches(show))
        #expect(!ShowFilter(endsBy: 23 * 60).matches(show))
        // A show without an end passes no "ending by"
        show.end = nil
        #expect(!ShowFilter(endsBy: 26 * 60).matches(show))
    }

    @Test func summerTimeDoesNotMoveTheWindow() throws {
        // Given a show at 18:00 on the day summer time begins (29.3.2026, clocks 03:00 -> 04:00)
        var show = try #require(try Self.shows().first)
        let day = LocalDate(year: 2026, month: 3, day: 29)
        show.accountingDate = day
        show.start = HelsinkiTime.instant(of: day, hour: 18, minute: 0)
        show.end = HelsinkiTime.instant(of: day, hour: 20, minute: 0)
        // Then 18:00 on the clock is 18:00 for the filter (not 17:00 of elapsed hours)
        #expect(ShowFilter(startsFrom: 18 * 60).matches(show))
        #expect(!ShowFilter(startsFrom: 18 * 60 + 1).matches(show))
        #expect(ShowFilter(endsBy: 20 * 60).matches(show))
    }
}
