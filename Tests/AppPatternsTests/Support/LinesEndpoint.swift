import AppPatterns
import Foundation

/// A test endpoint whose answer is lines of text. A line reading `BROKEN` is a decoding error
/// naming its line; an empty `area` fails validation.
struct LinesEndpoint: Endpoint {
    struct DecodingError: Error, CustomStringConvertible {
        var line: Int
        var description: String { "line \(line), column 1: unreadable line" }
    }

    struct ValidationError: Error, CustomStringConvertible {
        var description: String { "area must not be empty" }
    }

    var area = "1002"
    /// The kind of body asked for; nil (the default) takes any.
    var accepts: BodyKind? = nil

    var name: String { "Lines" }
    var request: TransportRequest { TransportRequest(path: "/lines/", query: [.init("area", area)]) }
    var sampleData: Data { Data("one\ntwo".utf8) }

    func validate() throws {
        if area.isEmpty { throw ValidationError() }
    }

    func decode(_ body: Data) throws -> [String] {
        let lines = String(decoding: body, as: UTF8.self).split(separator: "\n").map(String.init)
        if let broken = lines.firstIndex(of: "BROKEN") { throw DecodingError(line: broken + 1) }
        return lines
    }
}
