import AppPatterns
import FinnkinoKit
import Foundation

/// How values read on screen, in the interface language's words.
public struct DisplayFormat: Sendable {
    public let strings: UIStrings

    public init(strings: UIStrings) {
        self.strings = strings
    }

    /// `1 h 52 min`, `45 min`, or `–` when unknown.
    public func length(_ minutes: Int?) -> String {
        guard let minutes, minutes > 0 else { return "–" }
        if minutes < 60 { return "\(minutes) \(strings.minutes)" }
        return "\(minutes / 60) \(strings.hours) \(minutes % 60) \(strings.minutes)"
    }

    /// The age limit as shown in Finland: `S`, `7`, `12`, `16`, `18`, or `–` when not rated.
    public func age(_ rating: Rating) -> String {
        guard let age = rating.minimumAge else { return strings.notRated }
        return age == 0 ? strings.allAges : String(age)
    }

    /// `27.2.2022`.
    public func date(_ date: LocalDate) -> String { "\(date.day).\(date.month).\(date.year)" }

    /// `Today`, `Tomorrow`, else `Wed 4.3.`.
    public func day(_ date: LocalDate, today: LocalDate) -> String {
        if date == today { return strings.today }
        if date == today.adding(days: 1) { return strings.tomorrow }
        return weekdayAndDate(date)
    }

    /// `Wed 4.3.`, whatever day it is today (for text read on another day: a shared link).
    public func weekdayAndDate(_ date: LocalDate) -> String {
        let weekday = strings.weekdays[(HelsinkiTime.isoWeekday(of: date) - 1) % strings.weekdays.count]
        return "\(weekday) \(date.day).\(date.month)."
    }

    /// `Sun 27.2.2022`: a day of any year (the command line's headings).
    public func weekdayAndFullDate(_ date: LocalDate) -> String {
        let weekday = strings.weekdays[(HelsinkiTime.isoWeekday(of: date) - 1) % strings.weekdays.count]
        return "\(weekday) \(self.date(date))"
    }

    /// `10:30–12:03`, Helsinki time.
    public func timeRange(_ start: Date, _ end: Date?) -> String {
        HelsinkiTime.clockTime(of: start) + (end.map { "–" + HelsinkiTime.clockTime(of: $0) } ?? "")
    }

    /// The notice for data that is not fresh, nil when it is.
    public func staleNotice<Value>(_ loaded: Loaded<Value>, now: Date) -> String? {
        guard loaded.isStale else { return nil }
        return strings.staleNotice(elapsed(loaded.age(at: now)))
    }

    /// How long ago something was, to the minute: `5 min` under an hour, `3 h` under two days,
    /// else `4 d` (how old saved data is, how long the source has not answered).
    public func elapsed(_ seconds: TimeInterval, atLeastAMinute: Bool = false) -> String {
        let minutes = max(atLeastAMinute ? 1 : 0, Int(seconds / 60))
        if minutes < 60 { return "\(minutes) \(strings.minutes)" }
        return minutes < 48 * 60 ? "\(minutes / 60) \(strings.hours)" : "\(minutes / 1440) d"
    }

    /// A distance as a picker shows it: `3.2 km` (`3,2 km` in Finnish) under 10 km, else whole
    /// kilometres (`160 km`).
    public func distance(_ kilometres: Double) -> String {
        let tenths = Int((max(0, kilometres) * 10).rounded())
        if tenths < 100 { return "\(tenths / 10)\(strings.decimalSeparator)\(tenths % 10) km" }
        return "\(Int(kilometres.rounded())) km"
    }

    /// `Nearest: Helsinki, 2.1 km`, for an area option that has a distance.
    public func nearest(_ option: AreaOption) -> String {
        strings.nearestArea(option.name + (option.distance.map { ", " + $0 } ?? ""))
    }
}
