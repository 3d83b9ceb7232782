import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Reads a wire document with Foundation's XMLParser (independent of the app's decoder): whether
/// it is well-formed, and the text of elements by name.
final class WireProbe: NSObject, XMLParserDelegate {
    struct Element {
        var name: String
        var path: [String]
        var text: String
    }

    private(set) var elements: [Element] = []
    private var stack: [(name: String, text: String, index: Int)] = []
    private(set) var rootName: String?

    /// Parses `data`; throws when it is not well-formed XML.
    static func parse(_ data: Data) throws -> WireProbe {
        let probe = WireProbe()
        let parser = XMLParser(data: data)
        parser.delegate = probe
        guard parser.parse() else {
            throw ProbeError(description: "not well-formed: \(parser.parserError.map { "\($0)" } ?? "unknown error")")
        }
        return probe
    }

    struct ProbeError: Error, CustomStringConvertible {
        var description: String
    }

    /// Text of every element called `name`, in document order.
    func values(_ name: String) -> [String] {
        elements.filter { $0.name == name }.map(\.text)
    }

    /// Text of every `child` inside each `parent` block, grouped per block.
    func values(_ child: String, inEach parent: String) -> [[String]] {
        var groups: [[String]] = []
        var open = false
        for element in elements {
            if element.name == parent && element.path.last != parent {
                groups.append([])
                open = true
            }
            if open, element.name == child, element.path.contains(parent), !groups.isEmpty {
                groups[groups.count - 1].append(element.text)
            }
        }
        return groups
    }

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        if rootName == nil { rootName = elementName }
        // Record the start so that containers come before their children.
        elements.append(Element(name: elementName, path: stack.map(\.name), text: ""))
        stack.append((elementName, "", elements.count - 1))
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        guard !stack.isEmpty else { return }
        stack[stack.count - 1].text += string
    }

    func parser(
        _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?
    ) {
        guard let top = stack.popLast() else { return }
        elements[top.index].text = top.text.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
