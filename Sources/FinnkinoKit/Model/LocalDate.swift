import Foundation

/// A calendar day without a time or zone (Finnkino's "date-only" values, written as midnight).
public struct LocalDate: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    public var year: Int
    public var month: Int
    public var day: Int

    public init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    public static func < (lhs: LocalDate, rhs: LocalDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    /// ISO form, `2022-02-27`. Written digit by digit: it runs for every date of every JSON
    /// answer, where `String(format:)` was a measurable part of the time.
    public var description: String {
        guard (0...9999).contains(year), (0...99).contains(month), (0...99).contains(day) else {
            return String(format: "%04d-%02d-%02d", year, month, day)
        }
        return String(unsafeUninitializedCapacity: 10) { text in
            write(to: text)
            return 10
        }
    }

    /// Writes the ISO form (10 bytes; a year of 0 to 9999, a month and day of 0 to 99) at the
    /// start of `text`.
    func write(to text: UnsafeMutableBufferPointer<UInt8>) {
        Self.writeDigits(year, width: 4, to: text, at: 0)
        text[4] = UInt8(ascii: "-")
        Self.writeDigits(month, width: 2, to: text, at: 5)
        text[7] = UInt8(ascii: "-")
        Self.writeDigits(day, width: 2, to: text, at: 8)
    }

    /// Writes the last `width` decimal digits of `value` (not negative), zero-padded, at `start`.
    static func writeDigits(_ value: Int, width: Int, to text: UnsafeMutableBufferPointer<UInt8>, at start: Int) {
        var rest = value
        for index in stride(from: start + width - 1, through: start, by: -1) {
            text[index] = 0x30 + UInt8(rest % 10)
            rest /= 10
        }
    }

    /// The form the Schedule endpoint takes as `dt`: `27.02.2022`. Written digit by digit too: a
    /// Movies page asks its schedules by their requests, and `String(format:)` took 1.9% of a hosted
    /// `/movies` request's CPU (perf, 2026-11-30).
    public var finnkinoQueryValue: String {
        guard (0...9999).contains(year), (0...99).contains(month), (0...99).contains(day) else {
            return String(format: "%02d.%02d.%04d", day, month, year)
        }
        return String(unsafeUninitializedCapacity: 10) { text in
            Self.writeDigits(day, width: 2, to: text, at: 0)
            text[2] = UInt8(ascii: ".")
            Self.writeDigits(month, width: 2, to: text, at: 3)
            text[5] = UInt8(ascii: ".")
            Self.writeDigits(year, width: 4, to: text, at: 6)
            return 10
        }
    }

    /// Days since 1970-01-01 (proleptic Gregorian), for arithmetic without a Calendar.
    public var daysSinceEpoch: Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// The day `daysSinceEpoch` days after 1970-01-01.
    public init(daysSinceEpoch days: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        self.init(year: yoe + era * 400 + (m <= 2 ? 1 : 0), month: m, day: d)
    }

    /// Whether the day is on the calendar, in the years of four digits the ISO form writes:
    /// `2026-02-31` is not (the day count would roll it into March). The ranges are checked first:
    /// the day count of a year near `Int.max` would overflow.
    public var isOnTheCalendar: Bool {
        (1...9999).contains(year) && (1...12).contains(month) && (1...31).contains(day)
            && LocalDate(daysSinceEpoch: daysSinceEpoch) == self
    }

    public func adding(days: Int) -> LocalDate {
        LocalDate(daysSinceEpoch: daysSinceEpoch + days)
    }

    /// Parses `2022-02-27` (also accepts a trailing `T…` time, which is ignored); nil for a day
    /// that is not on the calendar.
    public init?(iso text: some StringProtocol) {
        let parts = text.prefix(10).split(separator: "-")
        guard parts.count == 3, let y = Int(parts[0]), let m = Int(parts[1]), let d = Int(parts[2]) else { return nil }
        self.init(year: y, month: m, day: d)
        guard isOnTheCalendar else { return nil }
    }

    /// Parses the Finnish form, `27.2.2022` (also `27.02.2022`); nil for a day that is not on the
    /// calendar.
    public init?(finnish text: some StringProtocol) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, let d = Int(parts[0]), let m = Int(parts[1]), let y = Int(parts[2]) else { return nil }
        self.init(year: y, month: m, day: d)
        guard isOnTheCalendar else { return nil }
    }

    // MARK: Codable

    private enum CodingKeys: String, CodingKey { case year, month, day }

    /// A calendar day is written as its ISO form, `"2026-11-24"`, as scripts expect.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }

    /// Reads `"2026-11-24"`, or `{"year": 2026, "month": 11, "day": 24}` as saved states written
    /// before the ISO form have it.
    public init(from decoder: any Decoder) throws {
        if let container = try? decoder.singleValueContainer(), let text = try? container.decode(String.self) {
            guard let date = LocalDate(iso: text), text.count == 10 else {
                throw DecodingError.dataCorruptedError(
                    in: container, debugDescription: "not a calendar day (YYYY-MM-DD): \(text)")
            }
            self = date
            return
        }
        let fields = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            year: try fields.decode(Int.self, forKey: .year), month: try fields.decode(Int.self, forKey: .month),
            day: try fields.decode(Int.self, forKey: .day))
    }
}
