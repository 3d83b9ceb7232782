import Dispatch
import Foundation

/// A large `<Schedule>` decoded in two halves at once, one a core: the shows before a boundary
/// between two `<Show>`s near the middle, and, by a second parser that reads the document's
/// beginning up to `<Shows>` and then skips to the boundary, the shows after it.
///
/// The second parser starts where the first stops, in the same elements (`<Schedule>`,
/// `<Shows>`), so the two see the events one parser would see. Both are checked to stand between
/// elements there, with every byte fed parsed: a boundary inside a comment, a CDATA section or a
/// value is no boundary, and then, as for any document that does not decode in halves (malformed,
/// a builder's failure), nil is returned and the caller decodes it whole, one parser, whose
/// errors name their lines (docs/PERFORMANCE.md, "Decoding a 10 MB schedule").
enum ScheduleHalves {
    /// Smaller documents are decoded whole: the second parser and thread would cost more than
    /// they save.
    static let minimumBytes = 1 << 20

    private static let showsTag = Array("<Shows>".utf8)
    private static let showEnd = Array("</Show>".utf8)
    private static let showStart = Array("<Show>".utf8)

    /// The schedule decoded in two halves, or nil when it is not split so (see the type).
    static func decode(_ data: Data, minimumBytes: Int = minimumBytes) -> Schedule? {
        guard data.count >= minimumBytes,
            let (showsEnd, firstEnd, secondStart) = data.withUnsafeBytes({ boundary(in: $0) })
        else { return nil }
        let results = Results()
        DispatchQueue.concurrentPerform(iterations: 2) { half in
            data.withUnsafeBytes { bytes in
                if half == 0 {
                    results.first = first(UnsafeRawBufferPointer(rebasing: bytes[..<firstEnd]))
                } else {
                    results.second = second(
                        prefix: UnsafeRawBufferPointer(rebasing: bytes[..<showsEnd]),
                        rest: UnsafeRawBufferPointer(rebasing: bytes[secondStart...]))
                }
            }
        }
        guard let before = results.first, let after = results.second else { return nil }
        // Into an array of their count: `+` grows it for an append (room for up to twice the
        // shows), and a decoded schedule is kept as long as its answer (1.15 MB of an area's
        // 2.56 MB, heaptrack of the hosted server, 2026-12-01).
        var shows: [Show] = []
        shows.reserveCapacity(before.shows.count + after.shows.count)
        shows += before.shows
        shows += after.shows
        return Schedule(pubDate: before.pubDate, shows: shows)
    }

    /// The two halves' results: each written by one of the two iterations of
    /// `concurrentPerform`, and read only once it has returned, which waits for both.
    private final class Results: @unchecked Sendable {
        var first: Schedule?
        var second: Schedule?
    }

    /// The shows of `bytes`, the document up to the end of a `<Show>`; nil unless the parser stands
    /// between the `<Show>`s of `<Shows>` there.
    private static func first(_ bytes: UnsafeRawBufferPointer) -> Schedule? {
        let builder = ScheduleBuilder()
        guard let reader = SAXDocumentReader.parts(endpoint: "Schedule", root: .schedule, builder: builder) else {
            return nil
        }
        defer { reader.close() }
        guard reader.feedPart(bytes, isEnd: false),
            reader.standsBetweenElements(inside: [.schedule, .shows], afterBytes: bytes.count)
        else { return nil }
        return try? builder.finish()
    }

    /// The shows of `rest`, read after `prefix` (the document up to its `<Shows>` tag); nil unless
    /// the prefix leaves the parser between elements in `<Shows>` and the whole ends well.
    private static func second(prefix: UnsafeRawBufferPointer, rest: UnsafeRawBufferPointer) -> Schedule? {
        let builder = ScheduleBuilder()
        guard let reader = SAXDocumentReader.parts(endpoint: "Schedule", root: .schedule, builder: builder) else {
            return nil
        }
        defer { reader.close() }
        guard reader.feedPart(prefix, isEnd: false),
            reader.standsBetweenElements(inside: [.schedule, .shows], afterBytes: prefix.count),
            reader.feedPart(rest, isEnd: true), reader.endedWell()
        else { return nil }
        return try? builder.finish()
    }

    /// Where to split: the end of the first `<Shows>` tag, the end of a `</Show>` from the middle
    /// on, and the `<Show>` that follows it after whitespace only. Nil when there is none.
    static func boundary(in bytes: UnsafeRawBufferPointer) -> (showsEnd: Int, firstEnd: Int, secondStart: Int)? {
        guard let shows = find(showsTag, in: bytes, from: 0, before: min(bytes.count, 64 << 10)) else { return nil }
        let showsEnd = shows + showsTag.count
        var from = max(showsEnd, bytes.count / 2)
        while let end = find(showEnd, in: bytes, from: from, before: bytes.count) {
            var next = end + showEnd.count
            while next < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[next]) { next += 1 }
            if next + showStart.count <= bytes.count,
                showStart.indices.allSatisfy({ bytes[next + $0] == showStart[$0] })
            {
                return (showsEnd, end + showEnd.count, next)
            }
            from = end + 1
        }
        return nil
    }

    /// The first offset from `from` at which `needle` starts and ends before `before` (`memchr`
    /// to its first byte, then `memcmp`: with Foundation's `Data.range(of:in:)` instead, the
    /// decode in halves of the 10 MB schedule took 32.7 ms against 21 ms).
    private static func find(_ needle: [UInt8], in bytes: UnsafeRawBufferPointer, from: Int, before: Int) -> Int? {
        guard let first = needle.first, needle.count <= before - from else { return nil }
        var index = from
        let last = before - needle.count
        while index <= last {
            guard let hit = memchr(bytes.baseAddress! + index, Int32(first), last - index + 1) else { return nil }
            let offset = bytes.baseAddress!.distance(to: UnsafeRawPointer(hit))
            if memcmp(UnsafeRawPointer(hit), needle, needle.count) == 0 { return offset }
            index = offset + 1
        }
        return nil
    }
}
