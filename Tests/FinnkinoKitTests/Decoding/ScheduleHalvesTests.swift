import Foundation
import Testing

@testable import FinnkinoKit

/// A large schedule decoded in two halves at once gives what one parser gives, and any document
/// that does not split cleanly is decoded whole.
@Suite struct ScheduleHalvesTests {
    static let sample = "schedule-area1002-helsinki-2022-02-27.xml"
    static let validShow =
        "<ID>1</ID><dttmShowStart>2022-02-27T10:30:00</dttmShowStart><EventID>7</EventID><TheatreID>1</TheatreID>"

    /// The sample's shows repeated with new IDs to at least `bytes`, and `middle` put after the
    /// `</Show>` at which the halves' search for a boundary starts (the document's middle byte).
    static func large(bytes: Int = 1_200_000, middle: String = "") throws -> Data {
        let text = String(decoding: try AnchorFixture.data(sample), as: UTF8.self)
        let head = try #require(text.range(of: "<Shows>")).upperBound
        let tail = try #require(text.range(of: "</Shows>", options: .backwards)).lowerBound
        let shows = String(text[head..<tail])
        var body = ""
        var round = 0
        while body.utf8.count < bytes {
            round += 1
            body += shows.replacingOccurrences(of: "<ID>", with: "<ID>\(round)0")
        }
        var document = Array((String(text[..<head]) + body + String(text[tail...])).utf8)
        let inserted = Array(middle.utf8)
        let showEnd = Array("</Show>".utf8)
        var at = (document.count + inserted.count) / 2
        while !document[at..<(at + showEnd.count)].elementsEqual(showEnd) { at += 1 }
        document.insert(contentsOf: inserted, at: at + showEnd.count)
        return Data(document)
    }

    @Test func everyScheduleSampleDecodesInHalvesAsOneParserDecodesIt() throws {
        for name in [
            Self.sample, "schedule-capitalarea-default-2021-11-12.xml", "schedule-finnkino2json-mock-2021-12-30.xml",
            "schedule-inkino-testasset-2018-02-21.xml",
        ] {
            // Given a real sample, split in halves whatever its size
            let data = try AnchorFixture.data(name)
            let whole = try FinnkinoXMLDecoder.decodeSchedule(data, inHalves: false)
            guard whole.shows.count >= 2 else { continue }
            let halves = try #require(ScheduleHalves.decode(data, minimumBytes: 0), "\(name)")
            // Then the halves give the same publication day and shows, in order
            #expect(halves == whole, "\(name)")
        }
    }

    @Test func aLargeScheduleIsDecodedInHalvesByDefault() throws {
        // Given a schedule of more than a megabyte
        let data = try Self.large()
        #expect(data.count >= ScheduleHalves.minimumBytes)
        // Then it splits, and the default decode is what one parser makes of it
        #expect(ScheduleHalves.decode(data) != nil)
        let whole = try FinnkinoXMLDecoder.decodeSchedule(data, inHalves: false)
        #expect(whole.shows.count > 400)
        #expect(try FinnkinoXMLDecoder.decodeSchedule(data) == whole)
        // And a smaller one is decoded whole
        #expect(ScheduleHalves.decode(try AnchorFixture.data(Self.sample)) == nil)
    }

    @Test func aScheduleDecodedInHalvesKeepsItsShowsInTheRoomOfTheirCount() throws {
        // Given a large schedule, decoded in halves (a decoded schedule is kept as long as its
        // answer: the halves joined by `+` had room for up to twice its shows)
        let shows = try FinnkinoXMLDecoder.decodeSchedule(try Self.large()).shows
        // Then its array has room for its shows and at most a page more (the allocator's rounding
        // of a large block)
        #expect(shows.count > 400)
        #expect(shows.capacity <= shows.count + 4_096 / MemoryLayout<Show>.stride + 1)
    }

    @Test(arguments: [
        // a boundary inside a comment, before a show that would decode
        "<!-- </Show>\n<Show>\(Self.validShow)</Show> -->",
        // inside a CDATA section of an unknown element
        "<Note><![CDATA[ </Show>\n<Show> ]]></Note>",
        // inside a processing instruction
        "<?note </Show>\n<Show>\(Self.validShow)</Show> ?>",
    ])
    func aBoundaryThatIsNoneIsDecodedWhole(middle: String) throws {
        // Given a large schedule with a false boundary at its middle
        let data = try Self.large(middle: middle)
        // Then the halves decline it (the search takes it for a boundary, the check does not),
        // and the default decode is what one parser makes of the document
        #expect(ScheduleHalves.decode(data) == nil)
        #expect(
            try FinnkinoXMLDecoder.decodeSchedule(data) == FinnkinoXMLDecoder.decodeSchedule(data, inHalves: false))
    }

    @Test func aSchedulesShowsTagInACommentFirstIsNoPrefix() throws {
        // Given a large schedule with "<Shows>" in a comment before the real one
        let text = String(decoding: try Self.large(), as: UTF8.self)
        let data = Data(text.replacingOccurrences(of: "<Shows>", with: "<!-- <Shows> -->\n<Shows>").utf8)
        // Then the halves decline, and the whole decode reads every show
        #expect(ScheduleHalves.decode(data) == nil)
        #expect(try FinnkinoXMLDecoder.decodeSchedule(data) == FinnkinoXMLDecoder.decodeSchedule(data, inHalves: false))
    }

    @Test func aLargeScheduleBrokenInItsSecondHalfFailsAsOneParserFailsOnIt() throws {
        // Given a large schedule whose second half holds an unclosed element
        let text = String(decoding: try Self.large(), as: UTF8.self)
        let broken = try #require(text.range(of: "</Title>", options: .backwards))
        let data = Data(text.replacingCharacters(in: broken, with: "").utf8)
        // Then the halves decline, and the error is the one parser's, with its line
        #expect(ScheduleHalves.decode(data) == nil)
        var halvesError: FinnkinoDecodingError?
        var wholeError: FinnkinoDecodingError?
        do { _ = try FinnkinoXMLDecoder.decodeSchedule(data) } catch { halvesError = error }
        do { _ = try FinnkinoXMLDecoder.decodeSchedule(data, inHalves: false) } catch { wholeError = error }
        #expect(halvesError != nil)
        #expect(halvesError == wholeError)
        #expect((halvesError?.line ?? 0) > 1_000)
    }
}
