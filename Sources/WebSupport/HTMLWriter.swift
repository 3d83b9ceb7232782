import Hummingbird

/// Builds an HTML document or fragment by appending UTF-8 bytes to one reserved buffer. Shared by
/// the web apps.
///
/// Safe by type: a value reaches the page only escaped. Markup is either a literal of this program
/// (``raw(_:)`` takes only a `StaticString`), an element or attribute whose name is such a literal
/// and whose value is escaped (``element(_:_:content:)``, ``HTMLAttribute``), text
/// (``text(_:)``, escaped), or a ``SafeHTML`` fragment that an `HTMLWriter` wrote before.
///
/// A view reads like the page it writes:
///
///     html.element("li", .class("card")) { html in
///         html.element("a", .href(path)) { html in
///             html.element("span", .class("card-title"), text: card.title)
///         }
///     }
public struct HTMLWriter: Sendable {
    @usableFromInline var bytes: [UInt8]

    public init(capacity: Int = 16_384) {
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    /// What was written, as a string.
    public var html: String { String(decoding: bytes, as: UTF8.self) }

    /// What was written, as a fragment another writer can append, or a response can send, as it is.
    public var fragment: SafeHTML { SafeHTML(checkedUTF8: bytes) }

    /// A fragment (or a whole page) written by `content`.
    @inlinable
    public static func fragment(capacity: Int = 16_384, _ content: (inout HTMLWriter) -> Void) -> SafeHTML {
        var html = HTMLWriter(capacity: capacity)
        content(&html)
        return html.fragment
    }

    // MARK: Markup and text

    /// Markup written in this program: a literal, never a value.
    @inlinable
    public mutating func raw(_ markup: StaticString) {
        markup.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// Text, escaped (also right inside a quoted attribute value).
    @inlinable
    public mutating func text(_ value: some StringProtocol) {
        Self.escape(value, into: &bytes)
    }

    /// A number as text.
    @inlinable
    public mutating func text(_ value: Int) {
        bytes.append(contentsOf: String(value).utf8)
    }

    /// A fragment that a writer wrote (or the news sanitiser made).
    @inlinable
    public mutating func append(_ fragment: SafeHTML) {
        bytes.append(contentsOf: fragment.utf8)
    }

    // MARK: Elements

    /// `<tag attributes>content</tag>`.
    @inlinable
    public mutating func element(
        _ tag: StaticString, _ attributes: HTMLAttribute..., content: (inout HTMLWriter) -> Void
    ) {
        startTag(tag, attributes)
        content(&self)
        close(tag)
    }

    /// `<tag attributes>text</tag>`, the text escaped.
    @inlinable
    public mutating func element(_ tag: StaticString, _ attributes: HTMLAttribute..., text: some StringProtocol) {
        startTag(tag, attributes)
        self.text(text)
        close(tag)
    }

    /// An element without content or end tag (`img`, `input`, `meta`, `link`, `br`).
    @inlinable
    public mutating func voidElement(_ tag: StaticString, _ attributes: HTMLAttribute...) {
        startTag(tag, attributes)
    }

    /// An SVG element without content, which closes itself: `<rect …/>`.
    @inlinable
    public mutating func selfClosingElement(_ tag: StaticString, _ attributes: HTMLAttribute...) {
        bytes.append(UInt8(ascii: "<"))
        raw(tag)
        for attribute in attributes { attribute.write(into: &self) }
        bytes.append(UInt8(ascii: "/"))
        bytes.append(UInt8(ascii: ">"))
    }

    /// Only the start tag, for a document written in parts (the layout's parts kept per language);
    /// ``close(_:)`` ends it. Elsewhere ``element(_:_:content:)`` keeps the two together.
    @inlinable
    public mutating func open(_ tag: StaticString, _ attributes: HTMLAttribute...) {
        startTag(tag, attributes)
    }

    /// `</tag>`.
    @inlinable
    public mutating func close(_ tag: StaticString) {
        bytes.append(UInt8(ascii: "<"))
        bytes.append(UInt8(ascii: "/"))
        raw(tag)
        bytes.append(UInt8(ascii: ">"))
    }

    @inlinable
    mutating func startTag(_ tag: StaticString, _ attributes: [HTMLAttribute]) {
        bytes.append(UInt8(ascii: "<"))
        raw(tag)
        for attribute in attributes { attribute.write(into: &self) }
        bytes.append(UInt8(ascii: ">"))
    }

    // MARK: Escaping

    /// `&`, `<`, `>`, `"` and `'` as character references; everything else as is. Safe in text and
    /// in quoted attribute values.
    @inlinable
    static func escape(_ value: some StringProtocol, into output: inout [UInt8]) {
        if value.utf8.withContiguousStorageIfAvailable({ escape($0, into: &output) }) == nil {
            // Not contiguous (a bridged string): a native copy is.
            var copy = String(value)
            copy.withUTF8 { escape($0, into: &output) }
        }
    }

    @inlinable
    static func escape(_ utf8: UnsafeBufferPointer<UInt8>, into output: inout [UInt8]) {
        var start = 0
        for index in utf8.indices {
            let replacement: StaticString
            switch utf8[index] {
            case UInt8(ascii: "&"): replacement = "&amp;"
            case UInt8(ascii: "<"): replacement = "&lt;"
            case UInt8(ascii: ">"): replacement = "&gt;"
            case UInt8(ascii: "\""): replacement = "&quot;"
            case UInt8(ascii: "'"): replacement = "&#39;"
            default: continue
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<index]))
            replacement.withUTF8Buffer { output.append(contentsOf: $0) }
            start = index + 1
        }
        output.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start...]))
    }

    /// `value` escaped, as a new string.
    public static func escaped(_ value: some StringProtocol) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(value.utf8.count + 8)
        escape(value, into: &output)
        return String(decoding: output, as: UTF8.self)
    }
}

/// An attribute of a start tag: its name a literal, its value escaped. A nil value, or a false
/// condition, leaves the attribute out.
public struct HTMLAttribute: Sendable {
    @usableFromInline enum Value: Sendable {
        case text(String)
        case number(Int)
        /// A boolean attribute: only its name.
        case flag
        case omitted
    }

    @usableFromInline let name: StaticString
    @usableFromInline let value: Value

    @inlinable
    init(name: StaticString, value: Value) {
        self.name = name
        self.value = value
    }

    /// `name="value"`, left out when `value` is nil or `condition` false.
    @inlinable
    public static func attribute(_ name: StaticString, _ value: String?, if condition: Bool = true) -> Self {
        guard condition, let value else { return Self(name: name, value: .omitted) }
        return Self(name: name, value: .text(value))
    }

    /// `name="number"`, left out when `value` is nil.
    @inlinable
    public static func attribute(_ name: StaticString, _ value: Int?) -> Self {
        guard let value else { return Self(name: name, value: .omitted) }
        return Self(name: name, value: .number(value))
    }

    /// A boolean attribute (`selected`, `checked`, `hidden`, …), there when `condition` is true.
    @inlinable
    public static func flag(_ name: StaticString, _ condition: Bool = true) -> Self {
        Self(name: name, value: condition ? .flag : .omitted)
    }

    @inlinable public static func `class`(_ value: String?) -> Self { attribute("class", value) }
    @inlinable public static func id(_ value: String?) -> Self { attribute("id", value) }
    @inlinable public static func href(_ value: String?) -> Self { attribute("href", value) }
    @inlinable public static func src(_ value: String?) -> Self { attribute("src", value) }
    @inlinable public static func alt(_ value: String) -> Self { attribute("alt", value) }
    @inlinable public static func name(_ value: String) -> Self { attribute("name", value) }
    @inlinable public static func value(_ value: String?) -> Self { attribute("value", value) }
    @inlinable public static func value(_ value: Int) -> Self { attribute("value", value) }
    @inlinable public static func type(_ value: String) -> Self { attribute("type", value) }
    @inlinable public static func role(_ value: String) -> Self { attribute("role", value) }
    @inlinable public static func title(_ value: String?) -> Self { attribute("title", value) }
    @inlinable public static func `for`(_ value: String) -> Self { attribute("for", value) }
    @inlinable public static func lang(_ value: String?) -> Self { attribute("lang", value) }
    /// A form's address.
    @inlinable public static func action(_ value: String) -> Self { attribute("action", value) }
    /// A form's method: `get`, `post` or `dialog`.
    @inlinable public static func method(_ value: String) -> Self { attribute("method", value) }
    @inlinable public static func rel(_ value: String) -> Self { attribute("rel", value) }
    @inlinable public static func ariaLabel(_ value: String?) -> Self { attribute("aria-label", value) }
    /// `aria-current="page"` on the link to the page shown.
    @inlinable public static func current(_ condition: Bool) -> Self {
        attribute("aria-current", "page", if: condition)
    }

    @inlinable
    func write(into html: inout HTMLWriter) {
        switch value {
        case .omitted: return
        case .flag:
            html.bytes.append(UInt8(ascii: " "))
            html.raw(name)
        case .text(let text):
            start(into: &html)
            html.text(text)
            html.bytes.append(UInt8(ascii: "\""))
        case .number(let number):
            start(into: &html)
            html.text(number)
            html.bytes.append(UInt8(ascii: "\""))
        }
    }

    @inlinable
    func start(into html: inout HTMLWriter) {
        html.bytes.append(UInt8(ascii: " "))
        html.raw(name)
        html.bytes.append(UInt8(ascii: "="))
        html.bytes.append(UInt8(ascii: "\""))
    }
}

/// Markup that may reach a page as it is: what an ``HTMLWriter`` wrote (``HTMLWriter/fragment``),
/// or what the news sanitiser made of feed HTML. A `String` cannot become one by accident. Kept as
/// the UTF-8 the writer wrote, so that a page goes to the response without a copy to a `String`.
public struct SafeHTML: Sendable, Hashable {
    public let utf8: [UInt8]

    @usableFromInline
    init(checkedUTF8 utf8: [UInt8]) {
        self.utf8 = utf8
    }

    /// Markup that a sanitiser has rebuilt to an allow-list. The one caller is the news sanitiser
    /// (`Tests/Structure/test_html_safety.py` holds it to that).
    package init(sanitized markup: String) {
        utf8 = Array(markup.utf8)
    }

    /// The markup as a string (for JSON, and for tests).
    public var markup: String { String(decoding: utf8, as: UTF8.self) }

    /// The markup as a response body.
    public var byteBuffer: ByteBuffer { ByteBuffer(bytes: utf8) }

    public static let empty = SafeHTML(checkedUTF8: [])

    /// Two fragments one after the other (safe markup followed by safe markup is safe).
    public static func + (first: SafeHTML, second: SafeHTML) -> SafeHTML {
        SafeHTML(checkedUTF8: first.utf8 + second.utf8)
    }
}
