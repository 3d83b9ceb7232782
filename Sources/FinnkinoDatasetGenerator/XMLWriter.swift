/// Writes XML the way the Finnkino API's .NET serializer does: `<?xml version="1.0"?>` without an
/// encoding, the two `xmlns:` declarations on the root, two-space indentation, LF line ends,
/// `<Name />` for empty values, and only `&amp;`, `&lt;`, `&gt;` escaped.
struct XMLWriter {
    private(set) var text: String
    private let root: String
    private var depth = 1
    private var rootIsEmpty = true

    init(root: String) {
        self.root = root
        text = "<?xml version=\"1.0\"?>\n"
        text.reserveCapacity(1 << 16)
    }

    private var indentation: String { String(repeating: "  ", count: depth) }

    private mutating func openRootIfNeeded() {
        guard rootIsEmpty else { return }
        rootIsEmpty = false
        text +=
            "<\(root) xmlns:xsd=\"http://www.w3.org/2001/XMLSchema\" xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\">\n"
    }

    mutating func open(_ name: String) {
        openRootIfNeeded()
        text += indentation + "<\(name)>\n"
        depth += 1
    }

    mutating func close(_ name: String) {
        depth -= 1
        text += indentation + "</\(name)>\n"
    }

    /// An element with text content (escaped here), or `<name />` when the value is empty.
    mutating func leaf(_ name: String, _ value: String) {
        openRootIfNeeded()
        if value.isEmpty {
            text += indentation + "<\(name) />\n"
        } else {
            text += indentation + "<\(name)>" + Self.escape(value) + "</\(name)>\n"
        }
    }

    mutating func leaf(_ name: String, _ value: Int) {
        leaf(name, String(value))
    }

    /// An empty container, `<name />`.
    mutating func empty(_ name: String) {
        leaf(name, "")
    }

    /// The finished document (an empty root is written self-closing).
    mutating func finish() -> String {
        if rootIsEmpty {
            text +=
                "<\(root) xmlns:xsd=\"http://www.w3.org/2001/XMLSchema\" xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\" />"
        } else {
            text += "</\(root)>"
        }
        return text
    }

    static func escape(_ value: String) -> String {
        guard value.contains(where: { $0 == "&" || $0 == "<" || $0 == ">" }) else { return value }
        var result = ""
        result.reserveCapacity(value.utf8.count + 16)
        for character in value {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            default: result.append(character)
            }
        }
        return result
    }
}
