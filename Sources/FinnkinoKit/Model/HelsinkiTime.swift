import Foundation

/// Finnkino's clock: Europe/Helsinki civil time, by arithmetic.
///
/// UTC+2, and UTC+3 from the last Sunday of March 01:00 UTC to the last Sunday of October
/// 01:00 UTC: the EU rule Finland has followed since 1983 (checked against the time-zone database
/// for 2024–2027 in the tests). Arithmetic instead of `Calendar`/`TimeZone` because it runs for
/// every show of every schedule: no allocation, no locks.
public enum HelsinkiTime {
    static let standardOffset = 7_200
    static let summerOffset = 10_800

    /// Seconds since 1970 of a wall-clock reading taken as if it were UTC.
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
    public static func offset(atUTC epochSeconds: Int) -> Int {
        let days = floorDivide(epochSeconds, 86_400)
        let year = LocalDate(daysSinceEpoch: days).year
        let start = lastSunday(year: year, month: 3) * 86_400 + 3_600
        let end = lastSunday(year: year, month: 10) * 86_400 + 3_600
        return epochSeconds >= start && epochSeconds < end ? summerOffset : standardOffset
    }

    /// The UTC instant (seconds since 1970) of a Helsinki wall-clock reading given as seconds
    /// since 1970 taken as UTC. A reading in the spring gap is taken with the winter offset; one
    /// in the autumn overlap with the summer offset (the first occurrence).
    public static func utcSeconds(ofLocal localSeconds: Int) -> Int {
        let summer = localSeconds - summerOffset
        if offset(atUTC: summer) == summerOffset { return summer }
        return localSeconds - standardOffset
    }

    /// The instant of a Helsinki wall-clock time.
    public static func instant(of day: LocalDate, hour: Int, minute: Int, second: Int = 0) -> Date {
        let local = epochSeconds(day: day, secondOfDay: hour * 3600 + minute * 60 + second)
        return Date(timeIntervalSince1970: TimeInterval(utcSeconds(ofLocal: local)))
    }

    /// Seconds since 1970 of the Helsinki wall clock at `instant`, taken as UTC.
    private static func localSeconds(at instant: Date) -> Int {
        let seconds = Int(instant.timeIntervalSince1970.rounded(.down))
        return seconds + offset(atUTC: seconds)
    }

    /// The Helsinki calendar day of an instant.
    public static func localDate(of instant: Date) -> LocalDate {
        LocalDate(daysSinceEpoch: floorDivide(localSeconds(at: instant), 86_400))
    }

    /// Today in Helsinki.
    @Sendable public static func today() -> LocalDate { localDate(of: Date()) }

    /// The Helsinki wall-clock minutes from the start of `day` to `instant`: `18:30` on `day` is
    /// 1,110, `00:30` the day after 1,470 (whatever the change of summer time did in between).
    public static func wallClockMinutes(of instant: Date, from day: LocalDate) -> Int {
        floorDivide(localSeconds(at: instant) - day.daysSinceEpoch * 86_400, 60)
    }

    /// `18:30`, Helsinki time.
    public static func clockTime(of instant: Date) -> String {
        let secondOfDay = localSeconds(at: instant) - floorDivide(localSeconds(at: instant), 86_400) * 86_400
        let hour = secondOfDay / 3600
        let minute = secondOfDay % 3600 / 60
        return (hour < 10 ? "0" : "") + String(hour) + (minute < 10 ? ":0" : ":") + String(minute)
    }

    /// ISO 8601 with the Helsinki offset in force at the instant, to the second:
    /// `2026-11-24T18:30:00+02:00` (`+03:00` in summer).
    public static func iso8601(_ instant: Date) -> String {
        let utc = Int(instant.timeIntervalSince1970.rounded(.down))
        let offset = offset(atUTC: utc)
        let local = utc + offset
        let day = LocalDate(daysSinceEpoch: floorDivide(local, 86_400))
        let second = local - day.daysSinceEpoch * 86_400
        guard (0...9999).contains(day.year) else {
            func two(_ value: Int) -> String { value < 10 ? "0" + String(value) : String(value) }
            return day.description + "T" + two(second / 3600) + ":" + two(second % 3600 / 60) + ":"
                + two(second % 60) + "+" + two(offset / 3600) + ":00"
        }
        // Digit by digit, like LocalDate.description: this runs for every instant of a JSON answer.
        return String(unsafeUninitializedCapacity: 25) { text in
            day.write(to: text)
            text[10] = UInt8(ascii: "T")
            LocalDate.writeDigits(second / 3600, width: 2, to: text, at: 11)
            text[13] = UInt8(ascii: ":")
            LocalDate.writeDigits(second % 3600 / 60, width: 2, to: text, at: 14)
            text[16] = UInt8(ascii: ":")
            LocalDate.writeDigits(second % 60, width: 2, to: text, at: 17)
            text[19] = UInt8(ascii: "+")
            LocalDate.writeDigits(offset / 3600, width: 2, to: text, at: 20)
            text[22] = UInt8(ascii: ":")
            text[23] = 0x30
            text[24] = 0x30
            return 25
        }
    }

    /// The day of the week, Monday = 1 ... Sunday = 7 (ISO 8601).
    public static func isoWeekday(of date: LocalDate) -> Int {
        // 1970-01-01 was a Thursday (4).
        ((date.daysSinceEpoch % 7 + 7) % 7 + 3) % 7 + 1
    }

    private static func floorDivide(_ value: Int, _ divisor: Int) -> Int {
        value >= 0 ? value / divisor : (value - divisor + 1) / divisor
    }
}
