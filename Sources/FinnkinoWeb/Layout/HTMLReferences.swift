/// Character references in attribute values and text: enough to see through an obfuscated URL
/// (`jav&#x61;script:`), and to tell a reference from a bare `&`.
enum HTMLReferences {
    private static let named: [String: String] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{A0}", "colon": ":", "tab": "\t",
        "newline": "\n", "sol": "/", "period": ".", "lpar": "(", "rpar": ")",
    ]

    /// `value` with numeric references and the common named ones decoded (with or without `;`).
    static func decode(_ value: String) -> String {
        guard value.contains("&") else { return value }
        var output = ""
        var rest = Substring(value)
        while let amp = rest.firstIndex(of: "&") {
            output += rest[..<amp]
            rest = rest[rest.index(after: amp)...]
            var body = rest.prefix { $0.isLetter || $0.isNumber || $0 == "#" }
            if body.count > 32 { body = body.prefix(32) }
            var consumed = body.count
            var decoded: String?
            if body.hasPrefix("#x") || body.hasPrefix("#X") {
                decoded = UInt32(body.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init).map { String($0) }
            } else if body.hasPrefix("#") {
                decoded = UInt32(body.dropFirst(), radix: 10).flatMap(Unicode.Scalar.init).map { String($0) }
            } else {
                decoded = named[body.lowercased()]
            }
            if decoded == nil {
                output += "&"
                continue
            }
            if rest.dropFirst(consumed).first == ";" { consumed += 1 }
            output += decoded ?? ""
            rest = rest.dropFirst(consumed)
        }
        return output + rest
    }

    /// True when the `&` at `index` starts `&name;`, `&#123;` or `&#x1F;`.
    static func startsReference(_ text: ArraySlice<UInt8>, at index: Int) -> Bool {
        var position = index + 1
        var length = 0
        while position < text.endIndex, length <= 32 {
            let byte = text[position]
            if byte == UInt8(ascii: ";") { return length > 0 }
            let isAlphanumeric =
                (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
            guard isAlphanumeric || (byte == UInt8(ascii: "#") && length == 0) else { return false }
            position += 1
            length += 1
        }
        return false
    }
}
