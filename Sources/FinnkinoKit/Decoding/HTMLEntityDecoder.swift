/// Decodes the HTML character references left in News text after XML parsing
/// (`Uusien ennakkon&auml;yt&ouml;sten`, `&nbsp;`, `&ndash;`, `&#228;`, `&#xE4;`).
enum HTMLEntityDecoder {
    /// Plain text: tags removed (`<br>` and `</p>` become line breaks), then every known
    /// reference decoded, then trimmed. Unknown references stay as written.
    static func plainText(_ html: String) -> String {
        guard html.contains("<") || html.contains("&") else {
            return html.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        return decode(strippingTags(html), keepMarkup: false).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// An HTML fragment with every known reference turned into its character, except those
    /// that matter to markup (`&lt;` `&gt;` `&amp;` `&quot;` `&apos;`), which stay escaped; a
    /// numeric reference to one of those becomes the named (`&#39;` for the apostrophe) form.
    static func htmlFragment(_ html: String) -> String {
        guard html.contains("&") else { return html }
        return decode(html, keepMarkup: true)
    }

    private static let markupEscapes: [Unicode.Scalar: String] = [
        "<": "&lt;", ">": "&gt;", "&": "&amp;", "\"": "&quot;", "'": "&#39;",
    ]

    private static func decode(_ text: String, keepMarkup: Bool) -> String {
        let scalars = Array(text.unicodeScalars)
        var output = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            guard scalar == "&", let end = referenceEnd(in: scalars, after: index) else {
                output.append(scalar)
                index += 1
                continue
            }
            let name = String(String.UnicodeScalarView(scalars[(index + 1)..<end]))
            if let character = character(for: name) {
                if keepMarkup, let escape = markupEscapes[character] {
                    output.append(contentsOf: escape.unicodeScalars)
                } else {
                    output.append(character)
                }
            } else {
                output.append(contentsOf: scalars[index...end])
            }
            index = end + 1
        }
        return String(output)
    }

    /// The index of the `;` closing a reference that starts at `ampersand`: a name of ASCII
    /// letters and digits (or `#` and digits), at most 32 long.
    private static func referenceEnd(in scalars: [Unicode.Scalar], after ampersand: Int) -> Int? {
        var index = ampersand + 1
        while index < scalars.count, index - ampersand <= 33 {
            let scalar = scalars[index]
            if scalar == ";" { return index > ampersand + 1 ? index : nil }
            guard scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "#" else {
                return nil
            }
            index += 1
        }
        return nil
    }

    /// `auml`, `#228` or `#xE4` to its character; nil when unknown or not a valid character.
    private static func character(for name: String) -> Unicode.Scalar? {
        guard name.hasPrefix("#") else { return HTMLEntityTable.characters[name] }
        let digits = name.dropFirst()
        let value: UInt32?
        if digits.first == "x" || digits.first == "X" {
            value = UInt32(digits.dropFirst(), radix: 16)
        } else {
            value = UInt32(digits, radix: 10)
        }
        guard let value, value != 0 else { return nil }
        return Unicode.Scalar(value)
    }

    private static func strippingTags(_ html: String) -> String {
        var output = ""
        output.reserveCapacity(html.utf8.count)
        var rest = html[...]
        while let open = rest.firstIndex(of: "<") {
            output += rest[..<open]
            let afterOpen = rest.index(after: open)
            guard afterOpen < rest.endIndex, let next = rest[afterOpen...].first,
                next.isLetter || next == "/" || next == "!" || next == "?",
                let close = rest[afterOpen...].firstIndex(of: ">")
            else {
                output.append("<")
                rest = rest[afterOpen...]
                continue
            }
            let tag = rest[afterOpen..<close].lowercased()
            if tag.hasPrefix("br") || tag == "/p" { output.append("\n") }
            rest = rest[rest.index(after: close)...]
        }
        output += rest
        return output
    }
}
