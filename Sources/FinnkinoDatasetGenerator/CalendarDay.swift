import Foundation

/// A calendar day of the generated dataset, with Foundation doing the calendar arithmetic and the
/// Europe/Helsinki time-zone rules (summer time included).
struct CalendarDay: Hashable, Comparable {
    var year: Int
    var month: Int
    var day: Int

    private static let utcCalendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? TimeZone(secondsFromGMT: 0) ?? .current
        return calendar
    }()

    private static let helsinkiCalendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "Europe/Helsinki") ?? .current
        return calendar
    }()

    static func < (lhs: CalendarDay, rhs: CalendarDay) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    /// Parses `2025-03-24`.
    init?(iso: String) {
        let parts = iso.split(separator: "-").compactMap { Int($0) }
        guard parts.count == 3 else { return nil }
        self.init(year: parts[0], month: parts[1], day: parts[2])
    }

    init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    private var utcMidnight: Date {
        Self.utcCalendar.date(from: DateComponents(year: year, month: month, day: day))
            ?? Date(timeIntervalSince1970: 0)
    }

    func adding(days: Int) -> CalendarDay {
        let date = utcMidnight.addingTimeInterval(TimeInterval(days * 86_400))
        let parts = Self.utcCalendar.dateComponents([.year, .month, .day], from: date)
        return CalendarDay(year: parts.year ?? year, month: parts.month ?? month, day: parts.day ?? day)
    }

    /// 1 = Monday ... 7 = Sunday.
    var isoWeekday: Int {
        let weekday = Self.utcCalendar.component(.weekday, from: utcMidnight)  // 1 = Sunday
        return weekday == 1 ? 7 : weekday - 1
    }

    var iso: String { String(format: "%04d-%02d-%02d", year, month, day) }

    /// Midnight as the API writes date-only values: `2025-03-24T00:00:00`.
    var midnightStamp: String { iso + "T00:00:00" }

    /// Local wall-clock stamp for `minutes` after midnight (may run past 24:00 into the next day).
    func localStamp(minutes: Int) -> String {
        let day = adding(days: minutes / 1440)
        let rest = minutes % 1440
        return day.iso + String(format: "T%02d:%02d:00", rest / 60, rest % 60)
    }

    /// The UTC twin of `localStamp(minutes:)`, e.g. `2025-03-24T08:30:00Z`.
    func utcStamp(minutes: Int) -> String {
        let day = adding(days: minutes / 1440)
        let rest = minutes % 1440
        let local = DateComponents(
            year: day.year, month: day.month, day: day.day, hour: rest / 60, minute: rest % 60)
        let instant = Self.helsinkiCalendar.date(from: local) ?? Date(timeIntervalSince1970: 0)
        let utc = Self.utcCalendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: instant)
        return String(
            format: "%04d-%02d-%02dT%02d:%02d:%02dZ", utc.year ?? 0, utc.month ?? 0, utc.day ?? 0,
            utc.hour ?? 0, utc.minute ?? 0, utc.second ?? 0)
    }

    /// Midnight with the Helsinki offset of that moment: `2025-03-24T00:00:00+02:00`.
    var midnightWithOffset: String {
        let local = DateComponents(year: year, month: month, day: day, hour: 0, minute: 0)
        let instant = Self.helsinkiCalendar.date(from: local) ?? Date(timeIntervalSince1970: 0)
        let seconds = Self.helsinkiCalendar.timeZone.secondsFromGMT(for: instant)
        let sign = seconds < 0 ? "-" : "+"
        let magnitude = abs(seconds) / 60
        return midnightStamp + sign + String(format: "%02d:%02d", magnitude / 60, magnitude % 60)
    }
}
