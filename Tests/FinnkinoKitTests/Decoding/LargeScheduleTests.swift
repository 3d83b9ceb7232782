import Foundation
import Testing

@testable import FinnkinoKit

@Suite("Decoding a 10 MB schedule")
struct LargeScheduleTests {
    /// A Schedule made of the real 2022 sample's shows repeated with new IDs until it reaches
    /// `targetBytes`: show `i` has ID 10,000,000 + i and is a copy of sample show
    /// `i % sourceCount`.
    static func document(targetBytes: Int) throws -> (data: Data, count: Int, sourceCount: Int) {
        let text = try AnchorFixture.text("schedule-area1002-helsinki-2022-02-27.xml")
        let pieces = text.components(separatedBy: "<Show>")
        let head = pieces[0]
        // Each body starts with "\n      <ID>n</ID>"; keep what follows the ID.
        let bodies = pieces.dropFirst().compactMap { piece in
            piece.range(of: "</ID>").map { String(piece[$0.upperBound...]) }
        }
        guard let lastBody = bodies.last, let closing = lastBody.range(of: "</Show>", options: .backwards) else {
            throw AnchorFixture.Missing(name: "shows")
        }
        var trimmedBodies = bodies
        trimmedBodies[trimmedBodies.count - 1] = String(lastBody[..<closing.upperBound]) + "\n"
        var data = Data(head.utf8)
        data.reserveCapacity(targetBytes + 8_192)
        var count = 0
        while data.count < targetBytes {
            let body = trimmedBodies[count % trimmedBodies.count]
            data.append(contentsOf: "<Show>\n      <ID>\(10_000_000 + count)</ID>".utf8)
            data.append(contentsOf: body.utf8)
            count += 1
        }
        data.append(contentsOf: "  </Shows>\n</Schedule>\n".utf8)
        return (data, count, trimmedBodies.count)
    }

    @Test("10 MB of real-format shows decode completely")
    func tenMegabytes() throws {
        // Given a 10 MB schedule of the sample's shows with new IDs, and the sample decoded
        let (data, count, sourceCount) = try Self.document(targetBytes: 10_000_000)
        let sample = try FinnkinoXMLDecoder.decodeSchedule(
            AnchorFixture.data("schedule-area1002-helsinki-2022-02-27.xml")
        ).shows

        // When it is decoded
        let clock = ContinuousClock()
        let started = clock.now
        let shows = try FinnkinoXMLDecoder.decodeSchedule(data).shows
        let elapsed = clock.now - started

        // Then every show is there, in order, equal to its source apart from the ID
        #expect(data.count >= 10_000_000)
        #expect(sourceCount == sample.count)
        try #require(shows.count == count)
        #expect(shows.map(\.id) == Array(10_000_000..<(10_000_000 + count)))
        for index in [0, 1, sourceCount - 1, sourceCount, count / 2, count - 1] {
            var expected = sample[index % sourceCount]
            expected.id = shows[index].id
            #expect(shows[index] == expected, "show \(index)")
        }
        print("10 MB schedule (\(count) shows) decoded in \(elapsed) (debug build)")
    }
}
