import Foundation
import Testing

@testable import FinnkinoKit
@testable import FinnkinoPresentation

/// The area's list badged once for everyone, until a badge changes (issue 41, item 2).
extension ScreenRunsTests {
    /// Movie 1 on every day of ten, movie 2 on days 0 and 3 (its last chance on day 3 at 18:00).
    func twoRuns() throws -> ScreenRuns {
        let shows =
            try everyDay(1, from: Self.day, days: 10, idBase: 100)
            + [try show(200, movie: 2, on: Self.day), try show(201, movie: 2, on: Self.day.adding(days: 3))]
        return ScreenRuns(shows: shows, today: Self.day)
    }

    static func row(_ id: Int) -> MoviesViewModel.Row {
        MoviesViewModel.Row(id: id, title: "Movie \(id)", length: "–", genres: "", age: "–")
    }

    /// The list of both movies, the words it is badged in, and a morning before any change.
    static let base = [MoviesViewModel.Section(letter: "M", rows: [row(1), row(2)])]
    static let english = DisplayFormat(strings: .english)
    static let morning = HelsinkiTime.instant(of: day, hour: 9, minute: 0)

    @Test func whatTheRunsTellHoldsUntilTheNextChangeAndNoLonger() throws {
        let runs = try twoRuns()
        let morning = HelsinkiTime.instant(of: Self.day, hour: 9, minute: 0)
        let lastChance = HelsinkiTime.instant(of: Self.day.adding(days: 3), hour: 18, minute: 0)
        // The first change after the morning is movie 2's final show
        #expect(runs.kindsHold(from: morning) == lastChance)
        #expect(runs.kinds(of: 2, followed: false, now: lastChance) == runs.kinds(of: 2, followed: false, now: morning))
        #expect(runs.kinds(of: 2, followed: false, now: lastChance + 1).isEmpty)
        // From that instant on, the next is movie 1's final show; after the last, nothing changes
        #expect(runs.kindsHold(from: lastChance) == lastChance)
        #expect(
            runs.kindsHold(from: lastChance + 1)
                == HelsinkiTime.instant(of: Self.day.adding(days: 9), hour: 18, minute: 0))
        #expect(runs.kindsHold(from: lastChance.addingTimeInterval(30 * 86_400)) == nil)
        // Another programme's runs have another revision
        #expect(try twoRuns().revision != runs.revision)
    }

    @Test func theSharedListIsBadgedOnceUntilABadgeChangesAndPerRunFilterAndLanguage() throws {
        let runs = try twoRuns()
        let cache = BadgedSectionsCache()
        let (base, english, morning) = (Self.base, Self.english, Self.morning)
        var made = 0
        func badged(_ kind: ScreenRuns.Kind?, _ format: DisplayFormat, at now: Date) -> [MoviesViewModel.Section] {
            cache.sections(of: base, runs: runs, kind: kind, format: format, now: now) {
                made += 1
                return base.map { section in
                    var section = section
                    for index in section.rows.indices {
                        section.rows[index].runs = runs.badges(
                            of: section.rows[index].id, followed: false, now: now, format: format)
                    }
                    return section
                }
            }
        }
        // Given the list badged in the morning
        let first = badged(nil, english, at: morning)
        #expect(first[0].rows[1].runs.map(\.kind) == [.lastChance, .rare])
        #expect(made == 1)
        // When it is asked for again before the last chance has passed, it is the same list
        #expect(badged(nil, english, at: morning + 3_600) == first)
        #expect(made == 1)
        // But another filter or another language is made for itself
        _ = badged(.lastChance, english, at: morning)
        _ = badged(nil, DisplayFormat(strings: .finnish), at: morning)
        #expect(made == 3)
        // And once the last chance has passed, the list is badged anew, without it
        let later = badged(nil, english, at: HelsinkiTime.instant(of: Self.day.adding(days: 3), hour: 18, minute: 1))
        #expect(made == 4)
        #expect(later[0].rows[1].runs.isEmpty)
        // And a clock set back does not get the later list
        #expect(badged(nil, english, at: morning)[0].rows[1].runs.map(\.kind) == [.lastChance, .rare])
        #expect(made == 5)
    }

    @Test func requestsThatBadgedTheListAtOnceAllGoOnWithTheFirstKept() throws {
        let runs = try twoRuns()
        let cache = BadgedSectionsCache()
        let (base, english, morning) = (Self.base, Self.english, Self.morning)
        func list(_ title: String) -> [MoviesViewModel.Section] {
            var row = Self.row(1)
            row.title = title
            return [MoviesViewModel.Section(letter: "M", rows: [row])]
        }
        // Given a request badging the list while another one (on the other core) badged and kept it
        var inner: [MoviesViewModel.Section] = []
        let outer = cache.sections(of: base, runs: runs, kind: nil, format: english, now: morning) {
            inner = cache.sections(of: base, runs: runs, kind: nil, format: english, now: morning) { list("first") }
            return list("second")
        }
        // Then both go on with the first one kept: one array for everyone
        #expect(inner == list("first"))
        #expect(outer == list("first"))
        #expect(cache.sections(of: base, runs: runs, kind: nil, format: english, now: morning) { [] } == list("first"))
    }
}
