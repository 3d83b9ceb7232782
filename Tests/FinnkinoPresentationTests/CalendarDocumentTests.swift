import Foundation
import Testing

@testable import FinnkinoPresentation

/// iCalendar as RFC 5545 writes it: the structure, escaping and folding a calendar program relies on.
@Suite struct CalendarDocumentTests {
    private static let start = Date(timeIntervalSince1970: 1_795_795_200)  // 2026-11-27T16:00:00Z
    private static let event = CalendarDocument.Event(
        uid: "show-1800123@finnkino", start: start, end: start + 6_300, summary: "Dyyni; osa 2, sali 6",
        location: "Tennispalatsi, Salomonkatu 15, 00100 Helsinki", geo: (60.1693, 24.9311),
        description: "Kuvaileva tekstitys\\nrivi\r\nkaksi", url: URL(string: "https://example.org/show/1?a=b"))

    @Test func anEventIsWrittenWithItsTimesInUTCAndCRLFLines() {
        let text = CalendarDocument(productID: "-//Test//Test//EN", events: [Self.event]).text(stamp: Self.start)
        #expect(text.hasPrefix("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Test//Test//EN\r\n"))
        #expect(text.hasSuffix("END:VEVENT\r\nEND:VCALENDAR\r\n"))
        #expect(!text.replacingOccurrences(of: "\r\n", with: "").contains("\n"))
        let lines = text.components(separatedBy: "\r\n")
        #expect(lines.contains("DTSTART:20261127T160000Z"))
        #expect(lines.contains("DTEND:20261127T174500Z"))
        #expect(lines.contains("DTSTAMP:20261127T160000Z"))
        #expect(lines.contains("GEO:60.169300;24.931100"))
        #expect(lines.contains("URL:https://example.org/show/1?a=b"))
        #expect(lines.contains("UID:show-1800123@finnkino"))
    }

    @Test func textIsEscaped() {
        #expect(CalendarDocument.escaped("Dyyni; osa 2, sali 6") == "Dyyni\\; osa 2\\, sali 6")
        #expect(CalendarDocument.escaped("a\\nb\r\nc\nd\re") == "a\\\\nb\\nc\\nd\\ne")
        #expect(CalendarDocument.escaped("tab\there\u{7F}") == "tabhere")
    }

    @Test func longLinesFoldAt75OctetsBetweenCharacters() {
        // Given a line of 200 two-byte characters
        let line = "SUMMARY:" + String(repeating: "ä", count: 200)
        let folded = CalendarDocument.folded(line)
        let parts = folded.components(separatedBy: "\r\n")
        // Then no physical line is over 75 octets, continuations start with one space, nothing is lost
        #expect(parts.count > 1)
        #expect(parts.allSatisfy { $0.utf8.count <= 75 })
        #expect(parts.dropFirst().allSatisfy { $0.hasPrefix(" ") })
        #expect(parts.first.map { String($0) }.map { $0.utf8.count >= 74 } == true)
        #expect(
            parts.enumerated().map { $0.offset == 0 ? $0.element : String($0.element.dropFirst()) }.joined() == line)
        #expect(CalendarDocument.folded("SHORT:x") == "SHORT:x")
    }

    @Test func combiningMarksFoldAt75OctetsToo() {
        // Given one grapheme of 401 octets (e and 200 combining acute accents)
        let line = "SUMMARY:e" + String(repeating: "\u{301}", count: 200)
        let parts = Self.physicalLines(CalendarDocument.folded(line))
        // Then it is cut between scalars: no line over 75 octets, none cut inside a scalar's bytes
        #expect(parts.count == 6)
        #expect(parts.enumerated().allSatisfy { $0.element.count <= ($0.offset == 0 ? 75 : 74) })
        #expect(parts.allSatisfy { String(validating: $0, as: UTF8.self) != nil })
        #expect(parts.flatMap { $0 } == [UInt8](line.utf8))
    }

    /// A folded line's physical lines, as bytes, without the fold (CRLF and the space after it).
    private static func physicalLines(_ folded: String) -> [[UInt8]] {
        let bytes = [UInt8](folded.utf8)
        var lines: [[UInt8]] = [[]]
        var index = 0
        while index < bytes.count {
            if bytes[index...].starts(with: [13, 10, 32]) {
                lines.append([])
                index += 3
            } else {
                lines[lines.count - 1].append(bytes[index])
                index += 1
            }
        }
        return lines
    }

    @Test func unicodeLineBreaksCannotStartAPropertyOfTheirOwn() {
        // Given a title with every line break a reader may split on
        let hostile = "Dyyni\u{2028}BEGIN:VALARM\u{85}X\u{2029}Y\u{9B}Z"
        // Then each is an escaped \n, and C1 controls are dropped
        #expect(CalendarDocument.escaped(hostile) == "Dyyni\\nBEGIN:VALARM\\nX\\nYZ")
        var event = Self.event
        event.summary = hostile
        let text = CalendarDocument(productID: "-//T//T//EN", events: [event]).text(stamp: Self.start)
        #expect(
            text.components(separatedBy: "\r\n").filter { $0.hasPrefix("BEGIN:") } == [
                "BEGIN:VCALENDAR", "BEGIN:VEVENT",
            ])
    }

    @Test func aPositionOffTheGlobeIsLeftOut() {
        var event = Self.event
        event.geo = (91, 24.9)
        #expect(!CalendarDocument(productID: "-//T//T//EN", events: [event]).text(stamp: Self.start).contains("GEO:"))
        event.geo = (.nan, 24.9)
        #expect(!CalendarDocument(productID: "-//T//T//EN", events: [event]).text(stamp: Self.start).contains("GEO:"))
        event.geo = (60.1, 1e15)
        #expect(!CalendarDocument(productID: "-//T//T//EN", events: [event]).text(stamp: Self.start).contains("GEO:"))
    }

    @Test func anEndBeforeItsStartIsWrittenAsTheStart() {
        var event = Self.event
        event.end = Self.start - 60
        let text = CalendarDocument(productID: "-//T//T//EN", name: "Omat", events: [event]).text(stamp: Self.start)
        #expect(text.contains("DTEND:20261127T160000Z\r\n"))
        #expect(text.contains("X-WR-CALNAME:Omat\r\n"))
    }
}
