import Foundation

/// Decodes TMDB's and OMDb's JSON, refusing an answer with any string longer than
/// ``longestString`` bytes before decoding it: a title, an overview or an error message of
/// megabytes would otherwise be shown, cached and rendered into every page that lists it. The
/// Finnkino XML has the same cap (`SAXDocumentReader.longestValue`).
enum ChartJSON {
    /// The longest string accepted, in bytes as sent (escapes counted as written). Real overviews
    /// are under 2 KB.
    static let longestString = 64 << 10

    static func decode<Value: Decodable>(
        _ type: Value.Type, from body: Data, with decoder: JSONDecoder = JSONDecoder()
    ) throws -> Value {
        if let length = longestStringLength(in: body), length > longestString {
            throw ChartDecodingError("a string of \(length) bytes is longer than \(longestString)")
        }
        return try decoder.decode(type, from: body)
    }

    /// The length in bytes of the longest string in `body` (between unescaped quotes), nil when it
    /// has none. One pass, no allocation; malformed JSON is left to the decoder.
    static func longestStringLength(in body: Data) -> Int? {
        body.withUnsafeBytes { bytes in
            var longest: Int?
            var start: Int?
            var escaped = false
            for (index, byte) in bytes.enumerated() {
                if let opened = start {
                    if escaped {
                        escaped = false
                    } else if byte == UInt8(ascii: "\\") {
                        escaped = true
                    } else if byte == UInt8(ascii: "\"") {
                        longest = max(longest ?? 0, index - opened - 1)
                        start = nil
                    }
                } else if byte == UInt8(ascii: "\"") {
                    start = index
                }
            }
            if let opened = start { longest = max(longest ?? 0, bytes.count - opened - 1) }
            return longest
        }
    }
}
