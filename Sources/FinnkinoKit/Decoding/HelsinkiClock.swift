import Foundation

/// Turns Europe/Helsinki wall-clock times into instants, summer time included, without a
/// `Calendar` or `DateFormatter` per value.
///
/// The UTC offset is looked up once per calendar day and cached. Only on the two changeover days
/// a year is each value resolved exactly: a time that does not exist (the hour skipped in March)
/// is read with the winter offset, so 03:30 becomes 04:30 summer time; a time that occurs twice
/// (the hour repeated in October) is the first, summer-time, occurrence.
struct HelsinkiClock {
    private let zone: TimeZone?
    private var lastDay = Int.min
    private var lastOffset = 0
    /// Days (since 1970-01-01, local) to their UTC offset; `nil` on a changeover day.
    private var offsets: [Int: Int?] = [:]

    init(zone: TimeZone? = TimeZone(identifier: "Europe/Helsinki")) {
        self.zone = zone
    }

    /// Seconds since 1970 in UTC for `localSeconds`, seconds since 1970 of the wall clock read
    /// as if it were UTC.
    mutating func utcSeconds(fromLocal localSeconds: Int) -> Int {
        let day = localSeconds >= 0 ? localSeconds / 86_400 : (localSeconds - 86_399) / 86_400
        if day == lastDay { return localSeconds - lastOffset }
        let dayOffset: Int?
        if let cached = offsets[day] {
            dayOffset = cached
        } else {
            let dayStart = day * 86_400
            let atStart = offset(atUTC: dayStart - 2 * 3_600)
            let atEnd = offset(atUTC: dayStart + 86_400 - 3 * 3_600)
            dayOffset = atStart == atEnd ? atStart : nil
            offsets[day] = .some(dayOffset)
        }
        guard let dayOffset else { return resolveOnChangeoverDay(localSeconds, day: day) }
        lastDay = day
        lastOffset = dayOffset
        return localSeconds - dayOffset
    }

    private func resolveOnChangeoverDay(_ local: Int, day: Int) -> Int {
        let before = offset(atUTC: day * 86_400 - 2 * 3_600)
        let guess = local - before
        let atGuess = offset(atUTC: guess)
        if atGuess == before { return guess }
        let second = local - atGuess
        if offset(atUTC: second) == atGuess { return second }
        return guess  // skipped hour: keep the offset from before the change
    }

    /// The Helsinki UTC offset in seconds at an instant. Without time zone data on the machine,
    /// the EU rule (UTC+2, UTC+3 from the last Sunday of March to the last Sunday of October,
    /// changing at 01:00 UTC), which Finland has followed since 1983.
    private func offset(atUTC seconds: Int) -> Int {
        if let zone { return zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(seconds))) }
        let year = LocalDate(daysSinceEpoch: seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400).year
        let summerStart = Self.lastSunday(year: year, month: 3) * 86_400 + 3_600
        let summerEnd = Self.lastSunday(year: year, month: 10) * 86_400 + 3_600
        return (summerStart..<summerEnd).contains(seconds) ? 3 * 3_600 : 2 * 3_600
    }

    /// Days since 1970 of the last Sunday of a 31-day month.
    private static func lastSunday(year: Int, month: Int) -> Int {
        let last = LocalDate(year: year, month: month, day: 31).daysSinceEpoch
        let weekday = ((last % 7) + 7 + 4) % 7  // 1970-01-01 was a Thursday; 0 = Sunday
        return last - weekday
    }
}
