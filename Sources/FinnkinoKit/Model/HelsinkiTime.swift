import Foundation

/// Finnkino's clock: Europe/Helsinki wall-clock time, summer time included.
public enum HelsinkiTime {
    public static let timeZone = TimeZone(identifier: "Europe/Helsinki") ?? TimeZone(secondsFromGMT: 7200) ?? .current

    private static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        return calendar
    }()

    /// The Helsinki calendar day of an instant.
    public static func localDate(of instant: Date) -> LocalDate {
        let parts = calendar.dateComponents([.year, .month, .day], from: instant)
        return LocalDate(year: parts.year ?? 1970, month: parts.month ?? 1, day: parts.day ?? 1)
    }

    /// Today in Helsinki.
    public static func today(now: Date = Date()) -> LocalDate { localDate(of: now) }

    /// `18:30`, Helsinki time.
    public static func clockTime(of instant: Date) -> String {
        let parts = calendar.dateComponents([.hour, .minute], from: instant)
        return String(format: "%02d:%02d", parts.hour ?? 0, parts.minute ?? 0)
    }

    /// The day of the week, Monday = 1 ... Sunday = 7 (ISO 8601).
    public static func isoWeekday(of date: LocalDate) -> Int {
        // 1970-01-01 was a Thursday (4).
        ((date.daysSinceEpoch % 7 + 7) % 7 + 3) % 7 + 1
    }
}
