import Foundation

/// What a response body is: the kind an ``Endpoint`` asks for (sent as `Accept`), and the kind a
/// body turns out to be.
///
/// A source can answer 200 with something else than it was asked for: a block page (HTML) in
/// front of an XML feed, or JSON from a sister service that answers XML only when asked. The web
/// service tells those apart from a body that is of the right kind but broken: the first is an
/// outage (``WebServiceError/unexpectedContent(endpoint:expected:found:)``), the second a decoding
/// error.
public enum BodyKind: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    case xml
    case json
    case html

    /// The media type sent as `Accept`.
    public var mediaType: String {
        switch self {
        case .xml: "application/xml"
        case .json: "application/json"
        case .html: "text/html"
        }
    }

    /// `XML`, `JSON`, `an HTML page`: for messages.
    public var description: String {
        switch self {
        case .xml: "XML"
        case .json: "JSON"
        case .html: "an HTML page"
        }
    }

    /// The kind of a response: the body's own first bytes decide (whatever its `Content-Type`
    /// says); the header only when the body does not show (empty, or text of no known kind).
    public static func of(_ response: TransportResponse) -> BodyKind? {
        if let sniffed = sniff(response.body) { return sniffed }
        let type = response.header("content-type")?.lowercased() ?? ""
        if type.contains("html") { return .html }
        if type.contains("json") { return .json }
        if type.contains("xml") { return .xml }
        return nil
    }

    /// The kind the body's first non-blank bytes show (a byte-order mark is skipped): `{` or `[`
    /// is JSON; markup whose root element is `html` (or whose doctype is `html`) is a page, past
    /// any prolog and comments; other markup is XML, whatever its text holds (News articles carry
    /// HTML). Nil for anything else, and for markup whose root is not within the first 1 KB.
    public static func sniff(_ body: Data) -> BodyKind? {
        let head = Array(body.prefix(1024))
        var index = head.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        func skipBlanks() {
            while index < head.count, [0x20, 0x09, 0x0A, 0x0D].contains(head[index]) { index += 1 }
        }
        func starts(with text: String) -> Bool {
            let bytes = Array(text.utf8)
            guard index + bytes.count <= head.count else { return false }
            return zip(head[index..<index + bytes.count], bytes).allSatisfy { byte, expected in
                (byte | 0x20) == (expected | 0x20)
            }
        }
        /// Moves past the next `end`; false when it is not there.
        func skip(past end: String) -> Bool {
            let bytes = Array(end.utf8)
            while index + bytes.count <= head.count {
                if head[index..<index + bytes.count].elementsEqual(bytes) {
                    index += bytes.count
                    return true
                }
                index += 1
            }
            return false
        }
        skipBlanks()
        guard index < head.count else { return nil }
        switch head[index] {
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            return .json
        case UInt8(ascii: "<"):
            while index < head.count {
                skipBlanks()
                if starts(with: "<?") {
                    guard skip(past: "?>") else { return nil }
                } else if starts(with: "<!--") {
                    guard skip(past: "-->") else { return nil }
                } else if starts(with: "<!doctype") {
                    index += 9
                    skipBlanks()
                    if starts(with: "html") { return .html }
                    guard skip(past: ">") else { return nil }
                } else if starts(with: "<") {
                    index += 1
                    let isHTML = starts(with: "html") && (index + 4 == head.count || !isNameByte(head[index + 4]))
                    return isHTML ? .html : .xml
                } else {
                    return nil
                }
            }
            return nil
        default:
            return nil
        }
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."),
            UInt8(ascii: ":"):
            true
        default:
            false
        }
    }
}
