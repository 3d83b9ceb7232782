import Foundation
import FoundationXML
import Testing

@testable import FinnkinoKit

/// The real Finnkino samples copied into `Fixtures/anchors`, and an independent reading of
/// them (FoundationXML's DOM) that the tests take expected values from.
enum AnchorFixture {
    struct Missing: Error, CustomStringConvertible {
        var name: String
        var description: String { "fixture \(name) not found in the test bundle" }
    }

    static func data(_ name: String) throws -> Data {
        guard let url = Bundle.module.url(forResource: "Fixtures/anchors/\(name)", withExtension: nil) else {
            throw Missing(name: name)
        }
        return try Data(contentsOf: url)
    }

    static func text(_ name: String) throws -> String {
        String(decoding: try data(name), as: UTF8.self)
    }

    /// The elements at `xpath` in the fixture, read with a DOM parser.
    static func elements(_ name: String, _ xpath: String) throws -> [XMLElement] {
        try elements(in: data(name), xpath)
    }

    static func elements(in data: Data, _ xpath: String) throws -> [XMLElement] {
        let document = try XMLDocument(data: data)
        return try document.nodes(forXPath: xpath).compactMap { $0 as? XMLElement }
    }

    static let scheduleSamples = [
        "schedule-area1002-helsinki-2022-02-27.xml", "schedule-capitalarea-default-2021-11-12.xml",
        "schedule-finnkino2json-mock-2021-12-30.xml", "schedule-inkino-testasset-2018-02-21.xml",
    ]
    static let eventSamples = [
        "events-nowintheatres-inkino-2018-02.xml", "events-comingsoon-inkino-2018-04.xml",
        "events-inkino-testseeds-with-gallery-edited.xml",
    ]
}

extension XMLElement {
    /// The trimmed text of the first child called `name`; nil when there is no such child.
    func text(_ name: String) -> String? {
        elements(forName: name).first?.stringValue?.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    func child(_ name: String) -> XMLElement? {
        elements(forName: name).first
    }
}

/// Reads Finnkino date-times with Foundation's formatters, independently of the decoder.
enum ReferenceTime {
    static let helsinki = TimeZone(identifier: "Europe/Helsinki") ?? .gmt

    /// A wall-clock `YYYY-MM-DDThh:mm:ss` in Helsinki; nil for the sentinels.
    static func local(_ text: String?) -> Date? {
        guard let text, !isSentinel(text) else { return nil }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = helsinki
        formatter.dateFormat = "yyyy-MM-dd'T'HH:mm:ss"
        return formatter.date(from: text)
    }

    /// A `…UTC` value, with or without the `Z`; nil for the sentinels.
    static func utc(_ text: String?) -> Date? {
        guard let text, !isSentinel(text) else { return nil }
        let formatter = ISO8601DateFormatter()
        return formatter.date(from: text.hasSuffix("Z") ? text : text + "Z")
    }

    static func isSentinel(_ text: String) -> Bool {
        text.hasPrefix("0001-01-01") || text.hasPrefix("2000-01-01T00:00:00")
    }

    static func utc(_ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .gmt
        return calendar.date(from: DateComponents(year: year, month: month, day: day, hour: hour, minute: minute))!
    }
}

/// Checks decoded images against an `<Images>` element: every size present in the file, and
/// only those, is set.
func expectImages(_ images: EventImages, match element: XMLElement?, sourceLocation: SourceLocation = #_sourceLocation)
{
    func url(_ name: String) -> String? { element?.text(name) }
    #expect(images.microPortrait?.absoluteString == url("EventMicroImagePortrait"), sourceLocation: sourceLocation)
    #expect(images.smallPortrait?.absoluteString == url("EventSmallImagePortrait"), sourceLocation: sourceLocation)
    #expect(images.mediumPortrait?.absoluteString == url("EventMediumImagePortrait"), sourceLocation: sourceLocation)
    #expect(images.largePortrait?.absoluteString == url("EventLargeImagePortrait"), sourceLocation: sourceLocation)
    #expect(images.smallLandscape?.absoluteString == url("EventSmallImageLandscape"), sourceLocation: sourceLocation)
    #expect(images.largeLandscape?.absoluteString == url("EventLargeImageLandscape"), sourceLocation: sourceLocation)
}

/// The hand-written samples in `Fixtures/constructed` (not captures: see its README).
enum ConstructedFixture {
    static func data(_ name: String) throws -> Data {
        guard let url = Bundle.module.url(forResource: "Fixtures/constructed/\(name)", withExtension: nil) else {
            throw AnchorFixture.Missing(name: name)
        }
        return try Data(contentsOf: url)
    }
}
