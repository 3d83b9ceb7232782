import Foundation

/// An `application/x-www-form-urlencoded` body, as name → first value.
struct FormBody {
    private(set) var values: [String: String] = [:]
    /// Every (name, value) in order, repeated names included (checkboxes).
    private var pairs: [(name: String, value: String)] = []

    init(_ text: String) {
        for pair in text.split(separator: "&").prefix(1_000) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = parts.first.flatMap(Self.decode) else { continue }
            let value = parts.count > 1 ? Self.decode(parts[1]) ?? "" : ""
            if values[name] == nil { values[name] = value }
            pairs.append((name, value))
        }
    }

    subscript(name: String) -> String? { values[name] }

    /// The form's `back` field when it is a local path to go back to; anything else (another site,
    /// a scheme, nothing) is `/movies`.
    var back: String {
        guard let back = self["back"], back.hasPrefix("/"), !back.hasPrefix("//"), !back.contains("\\"),
            back.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F }), back.utf8.count < 2048
        else { return WebRoute.movies.path }
        return back
    }

    /// Every value of `name`, in order.
    func all(_ name: String) -> [String] { pairs.filter { $0.name == name }.map(\.value) }

    /// `+` as a space, then percent-decoded; nil for a malformed escape. Text with neither (most
    /// names and values: every page's query is parsed with this) is taken as it is, without
    /// Foundation's two passes, which were 2% of a `/movies` request's time.
    private static func decode(_ text: Substring) -> String? {
        guard text.utf8.contains(where: { $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "%") }) else {
            return String(text)
        }
        return text.replacingOccurrences(of: "+", with: " ").removingPercentEncoding
    }
}
