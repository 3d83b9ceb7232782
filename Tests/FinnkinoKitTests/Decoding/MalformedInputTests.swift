import AppPatterns
import Foundation
import Testing

@testable import FinnkinoKit

@Suite("Decoding bad and unusual input")
struct MalformedInputTests {
    /// A minimal valid show; `extra` goes just before `</Show>`.
    static func schedule(showBody: String = minimalShow, extra: String = "") -> Data {
        Data(
            "<?xml version=\"1.0\"?>\n<Schedule>\n<Shows>\n<Show>\n\(showBody)\(extra)\n</Show>\n</Shows>\n</Schedule>"
                .utf8)
    }

    static let minimalShow = """
        <ID>42</ID>
        <dttmShowStart>2022-02-27T10:30:00</dttmShowStart>
        <EventID>7</EventID>
        <TheatreID>1038</TheatreID>
        """

    private func decodingError(_ body: () throws(FinnkinoDecodingError) -> Void) -> FinnkinoDecodingError? {
        do {
            try body()
            return nil
        } catch {
            return error
        }
    }

    @Test("a value longer than the cap fails the document with a message naming it, one at the cap is kept")
    func anOverlongValueIsRefused() throws {
        // Given a show whose title is one byte over the cap, and one exactly at it
        let over = Self.schedule(
            extra: "<Title>" + String(repeating: "x", count: SAXDocumentReader.longestValue + 1) + "</Title>")
        let at = Self.schedule(
            extra: "<Title>" + String(repeating: "x", count: SAXDocumentReader.longestValue) + "</Title>")
        // Then the first is an error naming the element, the second decodes whole
        let error = try #require(
            decodingError { () throws(FinnkinoDecodingError) in _ = try FinnkinoXMLDecoder.decodeSchedule(over) })
        #expect(error.reason.contains("<Title> is longer than 65536 bytes"))
        #expect(try FinnkinoXMLDecoder.decodeSchedule(at).shows.first?.title.count == SAXDocumentReader.longestValue)
    }

    @Test("a minimal show decodes, everything optional empty")
    func minimalShowDecodes() throws {
        let show = try #require(try FinnkinoXMLDecoder.decodeSchedule(Self.schedule()).shows.first)
        #expect(show.id == 42 && show.eventID == 7 && show.theatreID == 1038)
        #expect(show.start == ReferenceTime.utc(2022, 2, 27, 8, 30))
        #expect(show.end == nil && show.auditoriumID == nil && show.title == "" && show.genres.isEmpty)
        #expect(show.spokenLanguage == nil && show.images == EventImages() && show.eventSeries == nil)
    }

    @Test("unknown elements nested 10,000 deep are skipped, the show kept")
    func deepNesting() throws {
        // Given a show holding 10,000 unknown elements one in another, the innermost an <ID> (the
        // reader's stack of open elements grows many times over)
        let nested =
            String(repeating: "<Deep>", count: 10_000) + "<ID>9</ID>" + String(repeating: "</Deep>", count: 10_000)
        // When it is decoded
        let deep = try FinnkinoXMLDecoder.decodeSchedule(Self.schedule(extra: nested))
        // Then the show is there, the ID inside the unknown ones ignored
        #expect(deep.shows.map(\.id) == [42])
        // And an element left open deep inside is an error naming the truncation
        let cut = Self.schedule(extra: String(repeating: "<Deep>", count: 10_000))
        #expect(
            decodingError { () throws(FinnkinoDecodingError) in _ = try FinnkinoXMLDecoder.decodeSchedule(cut) } != nil)
    }

    @Test("unknown elements are ignored at any depth, also when they hold known names")
    func unknownElements() throws {
        // Given a show with unknown elements, one nesting an <ID> and a <Show>
        let data = Self.schedule(
            extra: """
                <Trailer><ID>999</ID><Show><ID>1</ID></Show></Trailer>
                <NewField>x</NewField>
                <Images><EventHugeImage>http://x/y.jpg</EventHugeImage><Extra><EventSmallImagePortrait>http://x/z.jpg</EventSmallImagePortrait></Extra></Images>
                <SpokenLanguage><Name>suomi</Name><Dialect><Name>savo</Name></Dialect><ISOTwoLetterCode>fi</ISOTwoLetterCode></SpokenLanguage>
                """)

        // When it is decoded
        let shows = try FinnkinoXMLDecoder.decodeSchedule(data).shows

        // Then only the real fields count
        #expect(shows.count == 1)
        #expect(shows.first?.id == 42)
        #expect(shows.first?.images == EventImages())
        #expect(shows.first?.spokenLanguage == ShowLanguage(name: "suomi", nameInLanguage: nil, isoTwoLetterCode: "FI"))
    }

    @Test("empty elements, both <X /> and <X></X>, give empty or nil values")
    func emptyElements() throws {
        let data = Self.schedule(
            extra: """
                <Title /><EventSeries></EventSeries><ProductionYear/><dttmShowEnd /><LengthInMinutes>0</LengthInMinutes>
                <Genres /><ShowURL /><Images /><ContentDescriptors /><SubtitleLanguage1 />
                """)
        let show = try #require(try FinnkinoXMLDecoder.decodeSchedule(data).shows.first)
        #expect(show.title == "" && show.eventSeries == nil && show.productionYear == nil && show.end == nil)
        #expect(show.lengthInMinutes == nil && show.genres.isEmpty && show.showURL == nil)
        #expect(show.contentDescriptors.isEmpty && show.subtitleLanguages.isEmpty)
    }

    @Test("XML entities and character references in text are decoded")
    func xmlEntities() throws {
        let data = Self.schedule(extra: "<Title>Guled &amp; Nasra &lt;3 &#228;&#xF6; \"quoted\" it's</Title>")
        let show = try #require(try FinnkinoXMLDecoder.decodeSchedule(data).shows.first)
        #expect(show.title == "Guled & Nasra <3 äö \"quoted\" it's")
    }

    @Test("a URL with spaces in the file name is kept, percent-encoded")
    func urlWithSpaces() throws {
        let data = Self.schedule(
            extra:
                "<Images><EventSmallImagePortrait>http://media.finnkino.fi/1012/Event_1/portrait_small/My Poster (1).jpg</EventSmallImagePortrait></Images>"
        )
        let show = try #require(try FinnkinoXMLDecoder.decodeSchedule(data).shows.first)
        #expect(show.images.smallPortrait?.lastPathComponent == "My Poster (1).jpg")
    }

    @Test("a show without an ID is an error naming the element and its line")
    func showWithoutID() throws {
        let data = Self.schedule(
            showBody: "<dttmShowStart>2022-02-27T10:30:00</dttmShowStart><EventID>7</EventID><TheatreID>1</TheatreID>")
        let error = try #require(
            decodingError { () throws(FinnkinoDecodingError) in _ = try FinnkinoXMLDecoder.decodeSchedule(data) })
        #expect(error.endpoint == "Schedule")
        #expect(error.line == 4)  // <Show> is on line 4
        #expect(error.reason.contains("<Show>") && error.reason.contains("<ID>"))
        #expect(error.description.hasPrefix("Schedule: line 4, column "))
    }

    @Test("a show without a parsable start time is an error")
    func showWithoutStart() throws {
        let data = Self.schedule(showBody: "<ID>5</ID><EventID>7</EventID><TheatreID>1</TheatreID>")
        let error = try #require(
            decodingError { () throws(FinnkinoDecodingError) in _ = try FinnkinoXMLDecoder.decodeSchedule(data) })
        #expect(error.reason.contains("start time") && error.reason.contains("5"))

        let garbled = Self.schedule(
            showBody:
                "<ID>5</ID>\n<dttmShowStart>27.02.2022 10:30</dttmShowStart><EventID>7</EventID><TheatreID>1</TheatreID>"
        )
        let second = try #require(
            decodingError { () throws(FinnkinoDecodingError) in _ = try FinnkinoXMLDecoder.decodeSchedule(garbled) })
        #expect(second.reason.contains("<dttmShowStart>") && second.reason.contains("27.02.2022 10:30"))
        #expect(second.line == 6)
    }

    @Test("a non-numeric ID is an error quoting the value")
    func nonNumericID() throws {
        let data = Self.schedule(showBody: "<ID>12a</ID>")
        let error = try #require(
            decodingError { () throws(FinnkinoDecodingError) in _ = try FinnkinoXMLDecoder.decodeSchedule(data) })
        #expect(error.reason == "<ID>: expected a whole number, found \"12a\"")
        #expect(error.line == 5)
    }

    @Test(
        "impossible dates are errors",
        arguments: ["2022-02-30T10:00:00", "2022-13-01T10:00:00", "2022-02-27T24:00:00", "2022-02-27T10:00:00+2"])
    func impossibleDates(text: String) throws {
        let data = Self.schedule(extra: "<dttmShowEnd>\(text)</dttmShowEnd>")
        let error = try #require(
            decodingError { () throws(FinnkinoDecodingError) in _ = try FinnkinoXMLDecoder.decodeSchedule(data) })
        #expect(error.reason.contains(text))
    }

    @Test("a truncated document is an error with a position")
    func truncated() throws {
        // Given a real sample cut in the middle
        let full = try AnchorFixture.data("schedule-area1002-helsinki-2022-02-27.xml")
        let cut = full.prefix(full.count / 2)

        // When / Then
        let error = try #require(
            decodingError { () throws(FinnkinoDecodingError) in _ = try FinnkinoXMLDecoder.decodeSchedule(cut) })
        #expect(error.endpoint == "Schedule")
        #expect(error.line > 1)
        #expect(error.column >= 1)
    }

    @Test("a document cut after the last show, before </Schedule>, is an error")
    func truncatedAtTheEnd() throws {
        let data = Data("<Schedule><Shows></Shows>".utf8)
        let error = try #require(
            decodingError { () throws(FinnkinoDecodingError) in _ = try FinnkinoXMLDecoder.decodeSchedule(data) })
        #expect(error.endpoint == "Schedule")
    }

    @Test("the wrong root element names both roots")
    func wrongRoot() throws {
        let data = try AnchorFixture.data("theatreareas-2018-02.xml")
        let error = try #require(
            decodingError { () throws(FinnkinoDecodingError) in _ = try FinnkinoXMLDecoder.decodeSchedule(data) })
        #expect(error.reason == "expected the root element <Schedule>, found <TheatreAreas>")
        #expect(error.line == 2)
    }

    @Test(
        "an HTML error page is an error, well-formed or not",
        arguments: [
            "<!DOCTYPE html>\n<html><head><title>503</title></head><body><p>Service Unavailable<br></body></html>",
            "<html><body><h1>Server Error in '/' Application.</h1></body></html>",
        ])
    func htmlErrorPage(html: String) throws {
        let error = try #require(
            decodingError { () throws(FinnkinoDecodingError) in _ = try FinnkinoXMLDecoder.decodeEvents(Data(html.utf8))
            })
        #expect(error.endpoint == "Events")
        #expect(error.line >= 1 && error.column >= 1)
    }

    @Test("an empty or blank body is an error", arguments: ["", "  \n\t "])
    func emptyBody(body: String) throws {
        let error = try #require(
            decodingError { () throws(FinnkinoDecodingError) in _ = try FinnkinoXMLDecoder.decodeNews(Data(body.utf8)) }
        )
        #expect(error == FinnkinoDecodingError(endpoint: "News", line: 1, column: 1, reason: "empty body"))
    }

    @Test("garbage bytes are an error, never a crash")
    func garbage() throws {
        var generator = SplitMix64(seed: 2022)
        for length in [1, 7, 100, 4_096] {
            let bytes = Data((0..<length).map { _ in UInt8(truncatingIfNeeded: generator.next()) | 1 })
            let error = decodingError { () throws(FinnkinoDecodingError) in
                _ = try FinnkinoXMLDecoder.decodeTheatreAreas(bytes)
            }
            #expect(error?.endpoint == "TheatreAreas")
        }
    }

    @Test("a DOCTYPE with entity declarations (billion laughs, external entity) is refused")
    func entityAttacks() throws {
        let laughs = """
            <?xml version="1.0"?>
            <!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
            <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">]>
            <TheatreAreas><TheatreArea><ID>1</ID><Name>&lol3;</Name></TheatreArea></TheatreAreas>
            """
        let external = """
            <?xml version="1.0"?>
            <!DOCTYPE a [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>
            <TheatreAreas><TheatreArea><ID>1</ID><Name>&xxe;</Name></TheatreArea></TheatreAreas>
            """
        for body in [laughs, external] {
            let error = try #require(
                decodingError { () throws(FinnkinoDecodingError) in
                    _ = try FinnkinoXMLDecoder.decodeTheatreAreas(Data(body.utf8))
                })
            #expect(error.reason.contains("DOCTYPE"))
            #expect(error.line == 2)
        }
    }

    @Test("an undeclared HTML entity in XML text is malformed XML")
    func undeclaredEntity() throws {
        let data = Data(
            "<TheatreAreas><TheatreArea><ID>1</ID><Name>J&auml;rvenp&auml;&auml;</Name></TheatreArea></TheatreAreas>"
                .utf8)
        let error = try #require(
            decodingError { () throws(FinnkinoDecodingError) in _ = try FinnkinoXMLDecoder.decodeTheatreAreas(data) })
        #expect(error.reason.contains("auml"))
    }

    @Test("every endpoint's decoder names its endpoint in errors")
    func endpointNames() {
        let bad = Data("<Wrong/>".utf8)
        let names: [String?] = [
            decodingError { () throws(FinnkinoDecodingError) in _ = try FinnkinoXMLDecoder.decodeTheatreAreas(bad) }?
                .endpoint,
            decodingError { () throws(FinnkinoDecodingError) in _ = try FinnkinoXMLDecoder.decodeEvents(bad) }?
                .endpoint,
            decodingError { () throws(FinnkinoDecodingError) in _ = try FinnkinoXMLDecoder.decodeSchedule(bad) }?
                .endpoint,
            decodingError { () throws(FinnkinoDecodingError) in _ = try FinnkinoXMLDecoder.decodeScheduleDates(bad) }?
                .endpoint,
            decodingError { () throws(FinnkinoDecodingError) in _ = try FinnkinoXMLDecoder.decodeNews(bad) }?.endpoint,
            decodingError { () throws(FinnkinoDecodingError) in _ = try FinnkinoXMLDecoder.decodeNewsCategories(bad) }?
                .endpoint,
            decodingError { () throws(FinnkinoDecodingError) in _ = try FinnkinoXMLDecoder.decodeLanguages(bad) }?
                .endpoint,
        ]
        #expect(
            names == ["TheatreAreas", "Events", "Schedule", "ScheduleDates", "News", "NewsCategories", "Languages"])
    }

    @Test("an empty Schedule and an empty Dates list decode to nothing")
    func emptyLists() throws {
        #expect(
            try FinnkinoXMLDecoder.decodeSchedule(Data("<Schedule><PubDate /><Shows /></Schedule>".utf8))
                == Schedule(pubDate: nil, shows: []))
        #expect(
            try FinnkinoXMLDecoder.decodeScheduleDates(
                Data("<Dates xmlns:xsd=\"http://www.w3.org/2001/XMLSchema\" />".utf8)
            ).isEmpty)
    }
}
