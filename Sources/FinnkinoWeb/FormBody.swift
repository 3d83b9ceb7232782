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

    /// Every value of `name`, in order.
    func all(_ name: String) -> [String] { pairs.filter { $0.name == name }.map(\.value) }

    private static func decode(_ text: Substring) -> String? {
        text.replacingOccurrences(of: "+", with: " ").removingPercentEncoding
    }
}
