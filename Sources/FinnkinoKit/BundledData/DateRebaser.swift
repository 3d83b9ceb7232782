import Foundation

/// Moves every timestamp of a wire document by a whole number of days, in place and at byte
/// level, so that a dataset written for an anchor date reads as if written for another day.
///
/// - `YYYY-MM-DDThh:mm:ss` (local Helsinki time): the date moves, the wall clock stays.
/// - `…Z` (UTC): converted to Helsinki wall clock, moved, converted back, so a show at 19:00 stays
///   at 19:00 local even when summer time differs between the two dates.
/// - `…+hh:mm` / `…-hh:mm`: as UTC, and the new Helsinki offset is written.
///
/// `<ProductionYear>` moves by the whole years the anchor moved (the anchor's year reads as this
/// year, as the release dates do), when it is within two years of the anchor's: a current film's
/// year, not an old film's.
///
/// Left untouched: the sentinel years 0001 and 2000, anything more than `windowDays` from the
/// anchor, and anything that is not a well-formed timestamp. Every rewrite keeps the length.
public struct DateRebaser: Sendable {
    /// The date the dataset was written for.
    public var anchor: LocalDate
    /// How many days to move forward (negative: backward).
    public var shiftDays: Int
    /// Timestamps further than this from the anchor are not dataset dates and stay as they are.
    public var windowDays: Int

    public init(anchor: LocalDate, shiftDays: Int, windowDays: Int = 731) {
        self.anchor = anchor
        self.shiftDays = shiftDays
        self.windowDays = windowDays
    }

    /// Rebases so that `anchor` reads as `today`.
    public init(anchor: LocalDate, today: LocalDate) {
        self.init(anchor: anchor, shiftDays: today.daysSinceEpoch - anchor.daysSinceEpoch)
    }

    /// The document with its timestamps moved.
    public func rebase(_ document: Data) -> Data {
        guard shiftDays != 0 else { return document }
        var bytes = [UInt8](document)
        rebase(&bytes)
        return Data(bytes)
    }

    /// How many years the anchor's year moves: `<ProductionYear>` moves by them.
    public var shiftYears: Int { anchor.adding(days: shiftDays).year - anchor.year }

    /// Moves the timestamps of `bytes` in place.
    public func rebase(_ bytes: inout [UInt8]) {
        guard shiftDays != 0 else { return }
        moveProductionYears(&bytes)
        let anchorDay = anchor.daysSinceEpoch
        bytes.withUnsafeMutableBufferPointer { buffer in
            let count = buffer.count
            var index = 0
            while index + 19 <= count {
                // Cheap rejection first: the separators of `YYYY-MM-DDThh:mm:ss`.
                if buffer[index + 4] != 0x2D || buffer[index + 7] != 0x2D || buffer[index + 10] != 0x54
                    || buffer[index + 13] != 0x3A || buffer[index + 16] != 0x3A
                {
                    index += 1
                    continue
                }
                if rewrite(buffer, at: index, anchorDay: anchorDay) {
                    index += 19
                } else {
                    index += 1
                }
            }
        }
    }

    /// Moves every `<ProductionYear>YYYY<` within two years of the anchor's year by ``shiftYears``.
    private func moveProductionYears(_ bytes: inout [UInt8]) {
        let years = shiftYears
        guard years != 0 else { return }
        let tag = Self.productionYearTag
        bytes.withUnsafeMutableBufferPointer { buffer in
            var index = 0
            while index + tag.count + 5 <= buffer.count {
                guard buffer[index] == 0x3C, buffer[index + 1] == 0x50,
                    tag.indices.allSatisfy({ buffer[index + $0] == tag[$0] })
                else {
                    index += 1
                    continue
                }
                let start = index + tag.count
                if buffer[start + 4] == 0x3C, let year = Self.number(buffer, start, 4), abs(year - anchor.year) <= 2,
                    (1000...9999).contains(year + years)
                {
                    Self.write(year + years, buffer, start, 4)
                }
                index = start + 4
            }
        }
    }

    private static let productionYearTag = Array("<ProductionYear>".utf8)

    @inline(__always)
    private static func digit(_ byte: UInt8) -> Int? {
        byte >= 0x30 && byte <= 0x39 ? Int(byte - 0x30) : nil
    }

    private static func number(_ buffer: UnsafeMutableBufferPointer<UInt8>, _ start: Int, _ length: Int) -> Int? {
        var value = 0
        for offset in start..<(start + length) {
            guard let digit = digit(buffer[offset]) else { return nil }
            value = value * 10 + digit
        }
        return value
    }

    private static func write(
        _ value: Int, _ buffer: UnsafeMutableBufferPointer<UInt8>, _ start: Int, _ length: Int
    ) {
        var rest = value
        for offset in stride(from: start + length - 1, through: start, by: -1) {
            buffer[offset] = UInt8(0x30 + rest % 10)
            rest /= 10
        }
    }

    private static func daysInMonth(_ year: Int, _ month: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Rewrites the timestamp at `start` if it is one to move; false when it was left alone.
    private func rewrite(_ buffer: UnsafeMutableBufferPointer<UInt8>, at start: Int, anchorDay: Int) -> Bool {
        let count = buffer.count
        if start > 0, Self.digit(buffer[start - 1]) != nil { return false }
        guard let year = Self.number(buffer, start, 4), let month = Self.number(buffer, start + 5, 2),
            let day = Self.number(buffer, start + 8, 2), let hour = Self.number(buffer, start + 11, 2),
            let minute = Self.number(buffer, start + 14, 2), let second = Self.number(buffer, start + 17, 2),
            (1...12).contains(month), day >= 1, day <= Self.daysInMonth(year, month), hour < 24, minute < 60,
            second < 60
        else { return false }
        if year == 1 || year == 2000 { return false }
        let date = LocalDate(year: year, month: month, day: day)
        guard abs(date.daysSinceEpoch - anchorDay) <= windowDays else { return false }

        let end = start + 19
        let secondOfDay = hour * 3_600 + minute * 60 + second
        let next: UInt8? = end < count ? buffer[end] : nil
        if let next, Self.digit(next) != nil { return false }

        if next == 0x5A {  // Z
            let utc = HelsinkiTime.epochSeconds(day: date, secondOfDay: secondOfDay)
            let local = utc + HelsinkiTime.offset(atUTC: utc) + shiftDays * 86_400
            writeStamp(HelsinkiTime.utcSeconds(ofLocal: local), buffer, start)
            return true
        }
        if next == 0x2B || next == 0x2D, end + 6 <= count, buffer[end + 3] == 0x3A,
            let offsetHours = Self.number(buffer, end + 1, 2), let offsetMinutes = Self.number(buffer, end + 4, 2)
        {
            let sign = next == 0x2D ? -1 : 1
            let utc =
                HelsinkiTime.epochSeconds(day: date, secondOfDay: secondOfDay)
                - sign * (offsetHours * 3_600 + offsetMinutes * 60)
            let local = utc + HelsinkiTime.offset(atUTC: utc) + shiftDays * 86_400
            let newOffset = local - HelsinkiTime.utcSeconds(ofLocal: local)
            writeStamp(local, buffer, start)
            buffer[end] = newOffset < 0 ? 0x2D : 0x2B
            Self.write(abs(newOffset) / 3_600, buffer, end + 1, 2)
            Self.write(abs(newOffset) % 3_600 / 60, buffer, end + 4, 2)
            return true
        }
        // Local wall-clock time: only the date moves.
        let moved = date.adding(days: shiftDays)
        Self.write(moved.year, buffer, start, 4)
        Self.write(moved.month, buffer, start + 5, 2)
        Self.write(moved.day, buffer, start + 8, 2)
        return true
    }

    /// Writes `seconds` (since 1970, read as a wall clock) as `YYYY-MM-DDThh:mm:ss`.
    private func writeStamp(_ seconds: Int, _ buffer: UnsafeMutableBufferPointer<UInt8>, _ start: Int) {
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let rest = seconds - days * 86_400
        let date = LocalDate(daysSinceEpoch: days)
        Self.write(date.year, buffer, start, 4)
        Self.write(date.month, buffer, start + 5, 2)
        Self.write(date.day, buffer, start + 8, 2)
        Self.write(rest / 3_600, buffer, start + 11, 2)
        Self.write(rest % 3_600 / 60, buffer, start + 14, 2)
        Self.write(rest % 60, buffer, start + 17, 2)
    }
}
