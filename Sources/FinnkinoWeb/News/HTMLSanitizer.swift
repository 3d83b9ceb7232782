import FinnkinoKit
import Foundation
import WebSupport

/// Cleans feed HTML to an allow-list, so news content can be shown as markup.
///
/// Kept: `p br strong em b i ul ol li h2 h3`, `a` with an `http(s)` `href` (given
/// `rel="noopener"`), and `img` with an `http(s)` or bundled `src` (mapped to `/image/plain/…`) and
/// `alt`, numeric `width` and `height`. Every other tag is dropped (its text kept), except
/// `script`, `style` and other containers of code or foreign content, which are dropped with their
/// content. Attributes not on the list are dropped; comments and doctypes too. Text is re-escaped,
/// and elements left open are closed, so the result is well formed whatever the input.
enum HTMLSanitizer {
    private static let allowedElements: Set<String> = [
        "p", "br", "strong", "em", "b", "i", "ul", "ol", "li", "h2", "h3", "a", "img",
    ]
    private static let voidElements: Set<String> = ["br", "img"]
    /// Dropped with everything inside them.
    private static let opaqueElements: Set<String> = [
        "script", "style", "iframe", "object", "embed", "template", "noscript", "svg", "math", "textarea",
        "title", "head", "select", "xmp", "noembed", "noframes", "frameset", "plaintext",
    ]

    static func sanitize(_ input: String) -> SafeHTML {
        var output = ""
        output.reserveCapacity(input.utf8.count)
        var open: [String] = []
        let bytes = Array(input.utf8)
        var index = 0
        var textStart = 0

        func flushText(upTo end: Int) {
            guard textStart < end else { return }
            appendText(bytes[textStart..<end], to: &output)
        }

        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "<") else {
                index += 1
                continue
            }
            flushText(upTo: index)
            if let tag = Tag.parse(bytes, at: index) {
                index = tag.end
                textStart = index
                if tag.isComment { continue }
                if !tag.isClosing && opaqueElements.contains(tag.name) {
                    index = endOfOpaque(tag.name, bytes, from: index)
                    textStart = index
                    continue
                }
                guard allowedElements.contains(tag.name) else { continue }
                if tag.isClosing {
                    guard !voidElements.contains(tag.name), let position = open.lastIndex(of: tag.name) else {
                        continue
                    }
                    for name in open[position...].reversed() { output += "</\(name)>" }
                    open.removeSubrange(position...)
                } else if let element = element(tag) {
                    output += element
                    if !voidElements.contains(tag.name) { open.append(tag.name) }
                }
            } else {
                // A `<` that starts no tag is text.
                output += "&lt;"
                index += 1
                textStart = index
            }
        }
        flushText(upTo: bytes.count)
        for name in open.reversed() { output += "</\(name)>" }
        // The one place feed markup becomes a page's: rebuilt above from the allow-list alone.
        return SafeHTML(sanitized: output)
    }

    /// The opening markup of an allowed element, or nil when it must be dropped.
    private static func element(_ tag: Tag) -> String? {
        switch tag.name {
        case "a":
            guard let href = tag.attributes["href"], let url = webURL(href) else { return "<a>" }
            return "<a href=\"\(HTMLWriter.escaped(url))\" rel=\"noopener\">"
        case "img":
            guard let src = tag.attributes["src"], let url = imageURL(src) else { return nil }
            var markup =
                "<img src=\"\(HTMLWriter.escaped(url))\" alt=\"\(HTMLWriter.escaped(tag.attributes["alt"] ?? ""))\""
            for name in ["width", "height"] {
                if let value = tag.attributes[name], !value.isEmpty, value.count <= 5, value.allSatisfy(\.isASCIIDigit)
                {
                    markup += " \(name)=\"\(value)\""
                }
            }
            return markup + ">"
        default:
            return "<\(tag.name)>"
        }
    }

    /// `value` when it is an absolute http(s) URL (after decoding references and dropping the
    /// control characters and spaces browsers ignore), else nil.
    static func webURL(_ value: String) -> String? {
        let cleaned = String(
            HTMLReferences.decode(value).unicodeScalars.filter { $0.value > 0x20 && $0.value != 0x7F })
        let lower = cleaned.lowercased()
        guard lower.hasPrefix("https://") || lower.hasPrefix("http://") else { return nil }
        return cleaned
    }

    /// An image source, http(s) or bundled, as this app's image route serves it (plain).
    static func imageURL(_ value: String) -> String? {
        let cleaned = webURL(value) ?? HTMLReferences.decode(value).trimmingCharacters(in: .whitespaces)
        guard let url = URL(string: cleaned) else { return nil }
        return ImageLink.path(url, variant: ImageVariants.plain)
    }

    /// Text between tags, re-escaped: `<`, `>` and quotes always; `&` unless it starts a character
    /// reference.
    private static func appendText(_ text: ArraySlice<UInt8>, to output: inout String) {
        var index = text.startIndex
        var runStart = index
        func flush(_ end: Int) {
            if runStart < end { output += String(decoding: text[runStart..<end], as: UTF8.self) }
        }
        while index < text.endIndex {
            let byte = text[index]
            let replacement: String?
            switch byte {
            case UInt8(ascii: "<"): replacement = "&lt;"
            case UInt8(ascii: ">"): replacement = "&gt;"
            case UInt8(ascii: "\""): replacement = "&quot;"
            case UInt8(ascii: "&"): replacement = HTMLReferences.startsReference(text, at: index) ? nil : "&amp;"
            default: replacement = nil
            }
            if let replacement {
                flush(index)
                output += replacement
                runStart = index + 1
            }
            index += 1
        }
        flush(text.endIndex)
    }

    /// The index after `</name…>`, or the end of the input when it is never closed.
    private static func endOfOpaque(_ name: String, _ bytes: [UInt8], from start: Int) -> Int {
        let closing = Array("</\(name)".utf8)
        var index = start
        while index + closing.count <= bytes.count {
            if bytes[index] == UInt8(ascii: "<")
                && zip(bytes[index..<(index + closing.count)], closing).allSatisfy({ asciiLower($0) == $1 })
            {
                let after = index + closing.count
                if after == bytes.count || !isNameByte(bytes[after]) {
                    var end = after
                    while end < bytes.count && bytes[end] != UInt8(ascii: ">") { end += 1 }
                    return min(end + 1, bytes.count)
                }
            }
            index += 1
        }
        return bytes.count
    }

    static func asciiLower(_ byte: UInt8) -> UInt8 {
        byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte
    }

    static func isNameByte(_ byte: UInt8) -> Bool {
        (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39)
            || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ":")
    }

    /// A tag as written: name (lower case), whether it closes, and its attributes.
    struct Tag {
        var name: String
        var isClosing: Bool
        var isComment: Bool
        var attributes: [String: String]
        /// The index after the tag's `>`.
        var end: Int

        /// The tag at `start` (a `<`), or nil when the `<` starts no tag.
        static func parse(_ bytes: [UInt8], at start: Int) -> Tag? {
            var index = start + 1
            guard index < bytes.count else { return nil }
            // Comments, doctypes, processing instructions: skipped whole.
            if bytes[index] == UInt8(ascii: "!") || bytes[index] == UInt8(ascii: "?") {
                let isComment = bytes[index...].starts(with: Array("!--".utf8))
                let terminator = isComment ? Array("-->".utf8) : [UInt8(ascii: ">")]
                var end = index
                while end < bytes.count && !bytes[end...].starts(with: terminator) { end += 1 }
                return Tag(
                    name: "", isClosing: false, isComment: true, attributes: [:],
                    end: min(end + terminator.count, bytes.count))
            }
            var isClosing = false
            if bytes[index] == UInt8(ascii: "/") {
                isClosing = true
                index += 1
            }
            let nameStart = index
            while index < bytes.count && isNameByte(bytes[index]) { index += 1 }
            guard index > nameStart, let first = bytes.indices.contains(nameStart) ? bytes[nameStart] : nil,
                (first >= 0x61 && first <= 0x7A) || (first >= 0x41 && first <= 0x5A)
            else { return nil }
            let name = String(decoding: bytes[nameStart..<index].map(asciiLower), as: UTF8.self)
            var attributes: [String: String] = [:]
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: ">") {
                    return Tag(
                        name: name, isClosing: isClosing, isComment: false, attributes: attributes, end: index + 1)
                }
                if isSpace(byte) || byte == UInt8(ascii: "/") {
                    index += 1
                    continue
                }
                let attributeStart = index
                while index < bytes.count, !isSpace(bytes[index]), bytes[index] != UInt8(ascii: "="),
                    bytes[index] != UInt8(ascii: ">"), bytes[index] != UInt8(ascii: "/")
                {
                    index += 1
                }
                let attribute = String(decoding: bytes[attributeStart..<index].map(asciiLower), as: UTF8.self)
                while index < bytes.count && isSpace(bytes[index]) { index += 1 }
                var value = ""
                if index < bytes.count && bytes[index] == UInt8(ascii: "=") {
                    index += 1
                    while index < bytes.count && isSpace(bytes[index]) { index += 1 }
                    if index < bytes.count && (bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'"))
                    {
                        let quote = bytes[index]
                        let valueStart = index + 1
                        index = valueStart
                        while index < bytes.count && bytes[index] != quote { index += 1 }
                        value = String(decoding: bytes[valueStart..<min(index, bytes.count)], as: UTF8.self)
                        index += 1
                    } else {
                        let valueStart = index
                        while index < bytes.count && !isSpace(bytes[index]) && bytes[index] != UInt8(ascii: ">") {
                            index += 1
                        }
                        value = String(decoding: bytes[valueStart..<index], as: UTF8.self)
                    }
                }
                if attributes[attribute] == nil { attributes[attribute] = value }
            }
            // Never closed: the rest of the input is this tag, dropped.
            return Tag(name: name, isClosing: isClosing, isComment: true, attributes: [:], end: bytes.count)
        }

        private static func isSpace(_ byte: UInt8) -> Bool {
            byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D
        }
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
