import Foundation

/// A large Schedule document built in memory from the shows of a real sample, each copy with a
/// new ID, in the exact wire format.
enum LargeScheduleDocument {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// The 2022 Helsinki sample in the main package's test fixtures, found relative to this file.
    static var defaultFixture: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Tests/FinnkinoKitTests/Fixtures/anchors/schedule-area1002-helsinki-2022-02-27.xml")
            .path
    }

    /// At most `targetBytes` long (as close as whole shows allow): the sample's head, its shows repeated in order with IDs
    /// 10,000,000, 10,000,001, ..., then the closing tags.
    static func make(fixture path: String, targetBytes: Int) throws -> (data: Data, shows: Int) {
        guard let sample = FileManager.default.contents(atPath: path) else {
            throw Failure(description: "cannot read the fixture \(path) (use --fixture)")
        }
        let text = String(decoding: sample, as: UTF8.self)
        let pieces = text.components(separatedBy: "<Show>")
        var bodies = pieces.dropFirst().compactMap { piece in
            piece.range(of: "</ID>").map { String(piece[$0.upperBound...]) }
        }
        guard let last = bodies.last, let closing = last.range(of: "</Show>", options: .backwards) else {
            throw Failure(description: "no <Show> elements in \(path)")
        }
        bodies[bodies.count - 1] = String(last[..<closing.upperBound]) + "\n"
        let encodedBodies = bodies.map { Data($0.utf8) }
        var data = Data(pieces[0].utf8)
        data.reserveCapacity(targetBytes + 8_192)
        let closingTags = Data("  </Shows>\n</Schedule>\n".utf8)
        var count = 0
        while true {
            let head = Data("<Show>\n      <ID>\(10_000_000 + count)</ID>".utf8)
            let body = encodedBodies[count % encodedBodies.count]
            guard data.count + head.count + body.count + closingTags.count <= targetBytes else { break }
            data.append(head)
            data.append(body)
            count += 1
        }
        data.append(closingTags)
        return (data, count)
    }
}
