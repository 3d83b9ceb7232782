/// An entry of the interface's words that takes one value where it says `%@`: `"Removed: %@"`.
/// Written as a string literal in the tables; shown only once filled (`strings.removedOne(title)`),
/// so that no `%@` reaches a page.
public struct Template: Sendable, Hashable, ExpressibleByStringLiteral {
    /// The words with `%@` where the value goes.
    public let text: String

    public init(stringLiteral text: String) {
        self.text = text
    }

    /// The words with each `%@` replaced by `value`.
    ///
    /// A walk over the bytes, not Foundation's `replacingOccurrences`: the Bookmarks page fills
    /// one entry per row, and Foundation's search took a third of that page's time.
    public func callAsFunction(_ value: String) -> String {
        let bytes = text.utf8
        var result = ""
        var copied = bytes.startIndex
        var index = copied
        while index != bytes.endIndex {
            let next = bytes.index(after: index)
            if bytes[index] == UInt8(ascii: "%"), next != bytes.endIndex, bytes[next] == UInt8(ascii: "@") {
                result += text[copied..<index]
                result += value
                index = bytes.index(after: next)
                copied = index
            } else {
                index = next
            }
        }
        result += text[copied...]
        return result
    }
}
