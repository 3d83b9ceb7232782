import Foundation
import Testing

@testable import AppPatterns

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

    @Test func anEndBeforeItsStartIsWrittenAsTheStart() {
        var event = Self.event
        event.end = Self.start - 60
        let text = CalendarDocument(productID: "-//T//T//EN", name: "Omat", events: [event]).text(stamp: Self.start)
        #expect(text.contains("DTEND:20261127T160000Z\r\n"))
        #expect(text.contains("X-WR-CALNAME:Omat\r\n"))
    }
}
