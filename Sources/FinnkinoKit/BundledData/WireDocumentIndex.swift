import Foundation

/// Byte-level lookups in a wire document written by `finnkino-dataset`, whose layout is known:
/// one element per line, repeated blocks such as `<Show>` … `</Show>` on lines of their own.
struct WireBytes: Sendable {
    let bytes: [UInt8]

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The offset of the first `needle` in `range`, nil when absent.
    func find(_ needle: [UInt8], in range: Range<Int>) -> Int? {
        guard !needle.isEmpty, range.count >= needle.count else { return nil }
        return bytes.withUnsafeBytes { haystack -> Int? in
            guard let base = haystack.baseAddress else { return nil }
            return needle.withUnsafeBytes { pattern -> Int? in
                guard let patternBase = pattern.baseAddress else { return nil }
                let first = Int32(needle[0])
                var start = range.lowerBound
                let lastStart = range.upperBound - needle.count
                // memchr finds candidates for the first byte; memcmp confirms the rest.
                while start <= lastStart {
                    guard let hit = memchr(base + start, first, lastStart - start + 1) else { return nil }
                    let offset = base.distance(to: UnsafeRawPointer(hit))
                    if memcmp(base + offset, patternBase, needle.count) == 0 { return offset }
                    start = offset + 1
                }
                return nil
            }
        }
    }

    /// The line-aligned ranges of every `<name>` … `</name>` block (from the start of the opening
    /// line to just after the closing line's newline).
    func blocks(_ name: String) -> [Range<Int>] {
        let open = Array("<\(name)>".utf8)
        let close = Array("</\(name)>".utf8)
        var ranges: [Range<Int>] = []
        var cursor = 0
        while let start = find(open, in: cursor..<bytes.count),
            let closing = find(close, in: (start + open.count)..<bytes.count)
        {
            var lineStart = start
            while lineStart > 0, bytes[lineStart - 1] == 0x20 { lineStart -= 1 }
            var end = closing + close.count
            if end < bytes.count, bytes[end] == 0x0A { end += 1 }
            ranges.append(lineStart..<end)
            cursor = end
        }
        return ranges
    }

    /// The integer text of the first `<name>…</name>` in `range`.
    func integer(_ name: String, in range: Range<Int>) -> Int? {
        integers(name, in: range, limit: 1).first
    }

    /// The integer texts of every `<name>…</name>` in `range`, up to `limit`.
    func integers(_ name: String, in range: Range<Int>, limit: Int = .max) -> [Int] {
        let open = Array("<\(name)>".utf8)
        var values: [Int] = []
        var cursor = range.lowerBound
        while values.count < limit, let start = find(open, in: cursor..<range.upperBound) {
            var index = start + open.count
            var value = 0
            var digits = 0
            while index < range.upperBound, bytes[index] >= 0x30, bytes[index] <= 0x39 {
                value = value * 10 + Int(bytes[index] - 0x30)
                digits += 1
                index += 1
            }
            if digits > 0, digits < 12, index < range.upperBound, bytes[index] == 0x3C { values.append(value) }
            cursor = index
        }
        return values
    }

    /// The line-aligned range of the `<name>` … `</name>` element or `<name />` inside `range`.
    func element(_ name: String, in range: Range<Int>) -> Range<Int>? {
        let empty = Array("<\(name) />".utf8)
        let open = Array("<\(name)>".utf8)
        let close = Array("</\(name)>".utf8)
        let start: Int
        var end: Int
        if let found = find(open, in: range), let closing = find(close, in: found..<range.upperBound) {
            start = found
            end = closing + close.count
        } else if let found = find(empty, in: range) {
            start = found
            end = found + empty.count
        } else {
            return nil
        }
        var lineStart = start
        while lineStart > range.lowerBound, bytes[lineStart - 1] == 0x20 { lineStart -= 1 }
        if end < range.upperBound, bytes[end] == 0x0A { end += 1 }
        return lineStart..<end
    }
}

/// A Schedule day document's shows: where each is in the document, its theatre and its movie.
/// The document's bytes are not kept with it (``BundledDataset/scheduleDocument(_:)``).
struct ScheduleDayIndex: Sendable {
    struct Show: Sendable {
        let range: Range<Int>
        let theatreID: Int
        let eventID: Int
    }

    let shows: [Show]

    init(_ document: WireBytes, name: String) throws(BundledDatasetError) {
        var shows: [Show] = []
        for range in document.blocks("Show") {
            guard let theatreID = document.integer("TheatreID", in: range),
                let eventID = document.integer("EventID", in: range)
            else {
                throw BundledDatasetError("\(name): a <Show> at byte \(range.lowerBound) lacks TheatreID or EventID")
            }
            shows.append(Show(range: range, theatreID: theatreID, eventID: eventID))
        }
        self.shows = shows
    }
}

/// An Events document indexed by event, with the optional parts of each event located.
struct EventListIndex: Sendable {
    struct Event: Sendable {
        let range: Range<Int>
        let id: Int
        let videos: Range<Int>?
        let gallery: Range<Int>?
    }

    let document: WireBytes
    let events: [Event]

    init(_ bytes: [UInt8], name: String) throws(BundledDatasetError) {
        document = WireBytes(bytes)
        var events: [Event] = []
        for range in document.blocks("Event") {
            guard let id = document.integer("ID", in: range) else {
                throw BundledDatasetError("\(name): an <Event> at byte \(range.lowerBound) has no ID")
            }
            events.append(
                Event(
                    range: range, id: id, videos: document.element("Videos", in: range),
                    gallery: document.element("Gallery", in: range)))
        }
        self.events = events
    }
}

/// A News document indexed by article and category.
struct NewsIndex: Sendable {
    struct Article: Sendable {
        let range: Range<Int>
        let categoryIDs: [Int]
    }

    let document: WireBytes
    let articles: [Article]

    init(_ bytes: [UInt8], name: String) {
        let document = WireBytes(bytes)
        self.document = document
        articles = document.blocks("NewsArticle").map { range in
            Article(range: range, categoryIDs: document.integers("ID", in: range))
        }
    }
}
