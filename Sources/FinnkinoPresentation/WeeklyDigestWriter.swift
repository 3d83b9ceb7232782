import FinnkinoKit
import Foundation

/// Writes a person's weekly digest (``WeeklyDigest``): the movies they follow that play in their
/// areas in the week from the digest's slot, each with its number of shows and its first, soonest
/// first; and, first of all, the line that says the digest still works and when the next comes, so
/// that a week with nothing on still tells the person it runs. The one place these words are put
/// together: the push and the feed entry both show them.
public enum WeeklyDigestWriter {
    /// The week a digest covers, from its slot.
    public static let days = 7

    /// The digest of `slot` for a person who follows `followed` (movie IDs), from `shows` (the
    /// programmes of their areas: a show listed in two of them counts once); `next` is when the
    /// next comes.
    public static func digest(
        followed: Set<Int>, shows: [Show], slot: Date, next: Date, language: UILanguage
    ) -> WeeklyDigest.Sent {
        let words = language.digest
        let format = DisplayFormat(strings: language.strings)
        let end = HelsinkiTime.instant(of: HelsinkiTime.localDate(of: slot).adding(days: days), hour: 0, minute: 0)
        var seen = Set<Int>()
        var byMovie: [Int: [Show]] = [:]
        for show in shows
        where followed.contains(show.eventID) && show.start >= slot && show.start < end && seen.insert(show.id).inserted
        {
            byMovie[show.eventID, default: []].append(show)
        }
        let movies = byMovie.values.map { $0.sorted { ($0.start, $0.id) < ($1.start, $1.id) } }
            .sorted { ($0[0].start, $0[0].title, $0[0].eventID) < ($1[0].start, $1[0].title, $1[0].eventID) }
        func when(_ date: Date) -> String {
            format.weekdayAndDate(HelsinkiTime.localDate(of: date)) + " " + HelsinkiTime.clockTime(of: date)
        }
        var lines = [words.heartbeat(when(next))]
        if movies.isEmpty {
            lines.append(words.nothingThisWeek)
        }
        for shows in movies {
            let first = shows[0]
            let count = shows.count == 1 ? words.oneShow : words.showCount(String(shows.count))
            lines.append(first.title + ": " + count + ", " + words.first(when(first.start) + ", " + first.theatre))
        }
        let count =
            switch movies.count {
            case 0: words.nothingOn
            case 1: words.oneMovie
            default: words.movieCount(String(movies.count))
            }
        return WeeklyDigest.Sent(slot: slot, title: words.title(count), text: lines.joined(separator: "\n"))
    }
}
