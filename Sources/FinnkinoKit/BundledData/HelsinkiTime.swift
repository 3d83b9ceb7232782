import Foundation

/// Europe/Helsinki civil time by arithmetic: UTC+2, and UTC+3 from the last Sunday of March
/// 01:00 UTC to the last Sunday of October 01:00 UTC (the EU rule Finland has followed since
/// 1983). Fast and allocation-free, for byte-level date rebasing.
enum HelsinkiTime {
    static let standardOffset = 7_200
    static let summerOffset = 10_800

    /// Seconds since 1970 (UTC) of a wall-clock reading taken as UTC.
    static func epochSeconds(day: LocalDate, secondOfDay: Int) -> Int {
        day.daysSinceEpoch * 86_400 + secondOfDay
    }

    /// The last Sunday of `month` in `year`, as days since 1970.
    private static func lastSunday(year: Int, month: Int) -> Int {
        let last = LocalDate(year: year, month: month, day: 31).daysSinceEpoch
        // 1970-01-01 was a Thursday: (days + 4) mod 7 == 0 on Sundays.
        let weekday = ((last + 4) % 7 + 7) % 7
        return last - weekday
    }

    /// The offset from UTC, in seconds, in force at the UTC instant `epochSeconds`.
    static func offset(atUTC epochSeconds: Int) -> Int {
        let days = epochSeconds >= 0 ? epochSeconds / 86_400 : (epochSeconds - 86_399) / 86_400
        let year = LocalDate(daysSinceEpoch: days).year
        let start = lastSunday(year: year, month: 3) * 86_400 + 3_600
        let end = lastSunday(year: year, month: 10) * 86_400 + 3_600
        return epochSeconds >= start && epochSeconds < end ? summerOffset : standardOffset
    }

    /// The UTC instant of a Helsinki wall-clock reading. A reading in the spring gap is taken
    /// with the winter offset; one in the autumn overlap with the summer offset (the first).
    static func utcSeconds(ofLocal localSeconds: Int) -> Int {
        let summer = localSeconds - summerOffset
        if offset(atUTC: summer) == summerOffset { return summer }
        return localSeconds - standardOffset
    }

    /// The Helsinki calendar day at `date`.
    static func localDate(at date: Date) -> LocalDate {
        let seconds = Int(date.timeIntervalSince1970.rounded(.down))
        let local = seconds + offset(atUTC: seconds)
        let days = local >= 0 ? local / 86_400 : (local - 86_399) / 86_400
        return LocalDate(daysSinceEpoch: days)
    }
}
