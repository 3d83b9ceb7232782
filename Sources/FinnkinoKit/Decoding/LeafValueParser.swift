import Foundation

/// Converts the text of leaf elements, as UTF-8 bytes, into model values: integers, instants,
/// dates, strings and URLs.
///
/// Strings and URLs that repeat across a document (theatre names, genres, image URLs) are
/// interned, so each distinct value is built, and held in memory, once per document.
struct LeafValueParser {
    typealias Bytes = UnsafeBufferPointer<UInt8>

    private var strings: [Int: String] = [:]
    private var urls: [Int: (text: String, url: URL?)] = [:]
    private var genreLists: [String: [String]] = [:]

    // MARK: Numbers

    /// A non-negative whole number; nil when the element is empty.
    func int(_ text: Bytes, _ element: FinnkinoElement) throws(DocumentBuildError) -> Int? {
        if text.isEmpty { return nil }
        guard text.count <= 18 else { throw invalid(text, element, "a whole number") }
        var value = 0
        for byte in text {
            let digit = Int(byte) &- 48
            guard digit >= 0, digit <= 9 else { throw invalid(text, element, "a whole number") }
            value = value &* 10 &+ digit
        }
        return value
    }

    /// A number that must be there.
    func requiredInt(_ text: Bytes, _ element: FinnkinoElement) throws(DocumentBuildError) -> Int {
        guard let value = try int(text, element) else { throw invalid(text, element, "a whole number") }
        return value
    }

    // MARK: Text

    /// The text as a string, shared with earlier equal strings of this document.
    mutating func string(_ text: Bytes) -> String {
        if text.isEmpty { return "" }
        if text.count <= 15 { return String(decoding: text, as: UTF8.self) }  // stored inline anyway
        let key = Self.hash(text)
        if let known = strings[key], Self.equal(known, text) { return known }
        let made = String(decoding: text, as: UTF8.self)
        strings[key] = made
        return made
    }

    /// The text as a string that is not expected to repeat.
    func uniqueString(_ text: Bytes) -> String {
        String(decoding: text, as: UTF8.self)
    }

    /// Nil for an empty element, else the string.
    mutating func optionalString(_ text: Bytes) -> String? {
        text.isEmpty ? nil : string(text)
    }

    /// `Draama, Jännitys, Kotimainen` as a list; empty for an empty element.
    mutating func genres(_ text: Bytes) -> [String] {
        if text.isEmpty { return [] }
        let joined = string(text)
        if let known = genreLists[joined] { return known }
        let list = joined.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        genreLists[joined] = list
        return list
    }

    // MARK: URLs

    /// A URL that may repeat in the document (images, event pages); nil when empty or unusable.
    mutating func url(_ text: Bytes) -> URL? {
        if text.isEmpty { return nil }
        let key = Self.hash(text)
        if let known = urls[key], Self.equal(known.text, text) { return known.url }
        let string = String(decoding: text, as: UTF8.self)
        let url = Self.makeURL(string)
        urls[key] = (string, url)
        return url
    }

    /// A URL that is different for every record (a show's ticket page).
    func uniqueURL(_ text: Bytes) -> URL? {
        text.isEmpty ? nil : Self.makeURL(String(decoding: text, as: UTF8.self))
    }

    /// Uploaders name files freely, so a URL may hold spaces or other characters that need
    /// percent-encoding; those are encoded rather than dropped.
    private static func makeURL(_ string: String) -> URL? {
        if let url = URL(string: string) { return url }
        guard let encoded = string.addingPercentEncoding(withAllowedCharacters: .urlFragmentAllowed) else { return nil }
        return URL(string: encoded)
    }

    // MARK: Dates and times

    /// How a date-time element is to be read when it carries no zone of its own.
    enum Zone {
        /// A `…UTC` twin: UTC whether or not it ends in `Z`.
        case utc
        /// Europe/Helsinki wall-clock time.
        case helsinki
    }

    /// An instant; nil for an empty element and for the sentinels `0001-01-01T00:00:00` and
    /// `2000-01-01T00:00:00` ("not set"). A `Z` or `+hh:mm` suffix wins over `zone`.
    mutating func instant(_ text: Bytes, _ element: FinnkinoElement, zone: Zone) throws(DocumentBuildError) -> Date? {
        if text.isEmpty { return nil }
        guard let stamp = Timestamp(text) else { throw invalid(text, element, "a date and time") }
        if stamp.isSentinel { return nil }
        let seconds: Int
        if let offset = stamp.offsetSeconds {
            seconds = stamp.wallClockSeconds - offset
        } else if zone == .utc {
            seconds = stamp.wallClockSeconds
        } else {
            seconds = HelsinkiTime.utcSeconds(ofLocal: stamp.wallClockSeconds)
        }
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }

    /// The calendar day of a date-only value (written as midnight); nil when empty or a sentinel.
    func localDate(_ text: Bytes, _ element: FinnkinoElement) throws(DocumentBuildError) -> LocalDate? {
        if text.isEmpty { return nil }
        guard let stamp = Timestamp(text) else { throw invalid(text, element, "a date") }
        if stamp.isSentinel { return nil }
        return stamp.date
    }

    // MARK: Helpers

    private func invalid(_ text: Bytes, _ element: FinnkinoElement, _ expected: String) -> DocumentBuildError {
        let shown = String(decoding: text.prefix(40), as: UTF8.self)
        return DocumentBuildError("\(element.tag): expected \(expected), found \"\(shown)\"")
    }

    /// Whether `string` is `text`: one memory comparison for a native string (byte by byte
    /// through `elementsEqual` was a tenth of the time of reading a big schedule).
    private static func equal(_ string: String, _ text: Bytes) -> Bool {
        let utf8 = string.utf8
        guard utf8.count == text.count else { return false }
        return utf8.withContiguousStorageIfAvailable { stored in
            memcmp(stored.baseAddress!, text.baseAddress!, text.count) == 0
        } ?? utf8.elementsEqual(text)
    }

    /// FNV-1a's step taken on eight bytes at a time (with a shift that carries each word's high
    /// bits down), then on the bytes left: a hundred-byte URL in 16 steps, not 100 (byte by
    /// byte, the hash was 4% of decoding a 10 MB schedule). A collision costs only a miss: a
    /// value found under the hash is compared with the text.
    private static func hash(_ text: Bytes) -> Int {
        let prime: UInt64 = 0x100_0000_01b3
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        let bytes = UnsafeRawBufferPointer(text)
        var offset = 0
        while offset + 8 <= bytes.count {
            hash = (hash ^ bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* prime
            hash ^= hash >> 29
            offset += 8
        }
        while offset < bytes.count {
            hash = (hash ^ UInt64(bytes[offset])) &* prime
            offset += 1
        }
        return Int(truncatingIfNeeded: hash)
    }
}

/// A Finnkino date-time read straight from bytes: `YYYY-MM-DD`, optionally `Thh:mm:ss`, an
/// optional fraction, and an optional `Z` or `±hh:mm`.
private struct Timestamp {
    var date: LocalDate
    var hour = 0, minute = 0, second = 0
    var offsetSeconds: Int?

    init?(_ text: UnsafeBufferPointer<UInt8>) {
        let count = text.count
        guard count >= 10, text[4] == UInt8(ascii: "-"), text[7] == UInt8(ascii: "-"),
            let year = Self.digits(text, 0, 4), let month = Self.digits(text, 5, 2), let day = Self.digits(text, 8, 2),
            (1...12).contains(month), day >= 1, day <= Self.daysIn(month: month, year: year)
        else { return nil }
        date = LocalDate(year: year, month: month, day: day)
        var index = 10
        if index < count {
            guard count >= 19, text[10] == UInt8(ascii: "T"), text[13] == UInt8(ascii: ":"),
                text[16] == UInt8(ascii: ":"), let h = Self.digits(text, 11, 2), let m = Self.digits(text, 14, 2),
                let s = Self.digits(text, 17, 2), h < 24, m < 60, s < 61
            else { return nil }
            (hour, minute, second) = (h, m, s)
            index = 19
            if index < count, text[index] == UInt8(ascii: ".") {
                index += 1
                while index < count, text[index] >= UInt8(ascii: "0"), text[index] <= UInt8(ascii: "9") { index += 1 }
            }
        }
        if index < count {
            let sign = text[index]
            if sign == UInt8(ascii: "Z") || sign == UInt8(ascii: "z") {
                guard index + 1 == count else { return nil }
                offsetSeconds = 0
            } else {
                guard sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-"), index + 6 == count,
                    text[index + 3] == UInt8(ascii: ":"), let h = Self.digits(text, index + 1, 2),
                    let m = Self.digits(text, index + 4, 2), h < 24, m < 60
                else { return nil }
                offsetSeconds = (sign == UInt8(ascii: "-") ? -1 : 1) * (h * 3_600 + m * 60)
            }
        }
    }

    /// `0001-01-01…` and `2000-01-01T00:00:00` mean "not set".
    var isSentinel: Bool {
        if date.year == 1 && date.month == 1 && date.day == 1 { return true }
        return date.year == 2000 && date.month == 1 && date.day == 1 && hour == 0 && minute == 0 && second == 0
    }

    /// The wall-clock time as seconds since 1970 if it were UTC.
    var wallClockSeconds: Int {
        date.daysSinceEpoch * 86_400 + hour * 3_600 + minute * 60 + second
    }

    private static func digits(_ text: UnsafeBufferPointer<UInt8>, _ start: Int, _ length: Int) -> Int? {
        var value = 0
        for index in start..<(start + length) {
            let digit = Int(text[index]) &- 48
            guard digit >= 0, digit <= 9 else { return nil }
            value = value * 10 + digit
        }
        return value
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}
