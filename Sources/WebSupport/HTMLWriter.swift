/// Builds an HTML document or fragment by appending to one reserved buffer. Shared by the web apps.
///
/// ``text(_:)`` is the one place feed text is escaped; ``raw(_:)`` is only for markup written here
/// or already sanitised.
public struct HTMLWriter: Sendable {
    public private(set) var html: String

    public init(capacity: Int = 16_384) {
        html = ""
        html.reserveCapacity(capacity)
    }

    /// Markup written by this program (never feed data).
    public mutating func raw(_ markup: String) {
        html.append(markup)
    }

    /// Text or an attribute value, escaped.
    public mutating func text(_ value: some StringProtocol) {
        Self.escape(value, into: &html)
    }

    /// `&`, `<`, `>`, `"` and `'` as character references; everything else as is. Safe in text and
    /// in quoted attribute values.
    public static func escape(_ value: some StringProtocol, into output: inout String) {
        var start = value.utf8.startIndex
        var index = start
        let utf8 = value.utf8
        while index != utf8.endIndex {
            let replacement: String? =
                switch utf8[index] {
                case UInt8(ascii: "&"): "&amp;"
                case UInt8(ascii: "<"): "&lt;"
                case UInt8(ascii: ">"): "&gt;"
                case UInt8(ascii: "\""): "&quot;"
                case UInt8(ascii: "'"): "&#39;"
                default: nil
                }
            if let replacement {
                output.append(contentsOf: value[start..<index])
                output.append(replacement)
                start = utf8.index(after: index)
            }
            index = utf8.index(after: index)
        }
        output.append(contentsOf: value[start..<utf8.endIndex])
    }

    /// `value` escaped, as a new string.
    public static func escaped(_ value: some StringProtocol) -> String {
        var output = ""
        output.reserveCapacity(value.utf8.count + 8)
        escape(value, into: &output)
        return output
    }
}
