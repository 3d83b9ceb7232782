import CLibXML2
import Foundation

/// Streams a Finnkino XML document through libxml2's SAX2 parser into a builder.
///
/// One reader per decode call, used synchronously on the calling thread; it reaches the C
/// callbacks through `userData` as an unretained pointer. Safe against hostile input: no
/// network access, no DTD (a document with a DOCTYPE is refused, so neither external entities
/// nor entity expansion can happen), libxml2's default size limits, and the body is fed in
/// chunks so no extra copy of it is made.
final class SAXDocumentReader {
    private let endpoint: String
    private let root: FinnkinoElement
    private let builder: any FinnkinoDocumentBuilder
    // The state below is touched on every element; `@exclusivity(unchecked)` spares each access the
    // runtime's check (a thread-local lookup; 45 ms of a 10 MB schedule, docs/PERFORMANCE.md).
    // One reader runs on one thread, synchronously, so no two accesses can overlap.
    @exclusivity(unchecked) private var context: xmlParserCtxtPtr?
    @exclusivity(unchecked) private var names = ElementNameCache()

    /// An open element: `.unknown` for a skipped one, and where it starts (for a builder's error).
    private struct Open {
        var element: FinnkinoElement
        var line: Int32
        var column: Int32
    }
    /// The open elements, outermost first: the first `depth` of a buffer grown by doubling (an
    /// array's uniqueness check and growth path on every push and pop were 2% of decoding a
    /// 10 MB schedule). As deep as the document nests: libxml2's push parser takes 10,000
    /// levels (`MalformedInputTests.deepNesting`).
    @exclusivity(unchecked) private var stack: UnsafeMutableBufferPointer<Open>
    @exclusivity(unchecked) private var depth = 0
    /// Index in `stack` of the leaf whose text is being collected, or -1.
    @exclusivity(unchecked) private var collecting = -1
    /// The collected text: its first `textCount` bytes. A buffer of ``longestValue`` bytes made
    /// once per document, not an array: an array's uniqueness checks and growth path on each of
    /// the 100,000 leaves of a 10 MB schedule were 5% of its decode (docs/PERFORMANCE.md).
    private let text: UnsafeMutableBufferPointer<UInt8>
    @exclusivity(unchecked) private var textCount = 0
    /// The longest value an element may hold, in bytes: 32 times the longest in every real sample
    /// (a 2,296-byte synopsis). A longer one fails the document, which keeps the last good data,
    /// instead of a 30 MB title reaching every page.
    static let longestValue = 64 << 10
    @exclusivity(unchecked) private var rootEnded = false
    @exclusivity(unchecked) private var failure: FinnkinoDecodingError?

    private static let chunkSize = 256 * 1024
    private static let initialized: Void = xmlInitParser()

    private init(endpoint: String, root: FinnkinoElement, builder: any FinnkinoDocumentBuilder) {
        self.endpoint = endpoint
        self.root = root
        self.builder = builder
        stack = .allocate(capacity: 32)
        text = .allocate(capacity: Self.longestValue)
    }

    deinit {
        stack.deallocate()
        text.deallocate()
    }

    private func push(_ open: Open) {
        if depth == stack.count {
            let grown = UnsafeMutableBufferPointer<Open>.allocate(capacity: stack.count * 2)
            _ = grown.initialize(fromContentsOf: stack)
            stack.deallocate()
            stack = grown
        }
        stack.initializeElement(at: depth, to: open)
        depth += 1
    }

    /// Decodes `data`, whose root element must be `root`, with `builder`.
    static func decode<Builder: FinnkinoDocumentBuilder>(
        _ data: Data, endpoint: String, root: FinnkinoElement, builder: Builder
    ) throws(FinnkinoDecodingError) -> Builder.Output {
        guard data.contains(where: { !Self.isWhitespace($0) }) else {
            throw FinnkinoDecodingError(endpoint: endpoint, line: 1, column: 1, reason: "empty body")
        }
        let reader = SAXDocumentReader(endpoint: endpoint, root: root, builder: builder)
        try reader.parse(data)
        do {
            return try builder.finish()
        } catch {
            throw FinnkinoDecodingError(endpoint: endpoint, line: reader.lastLine, column: 1, reason: error.reason)
        }
    }

    private var lastLine = 1

    // MARK: Parsing

    private func parse(_ data: Data) throws(FinnkinoDecodingError) {
        try start()
        defer { stop() }
        data.withUnsafeBytes { _ = feed($0, isEnd: true) }
        try checkEnded()
    }

    /// Makes the parser (``stop()`` frees it).
    private func start() throws(FinnkinoDecodingError) {
        _ = Self.initialized
        var handler = Self.makeHandler()
        let userData = Unmanaged.passUnretained(self).toOpaque()
        guard let context = xmlCreatePushParserCtxt(&handler, userData, nil, 0, nil) else {
            throw FinnkinoDecodingError(
                endpoint: endpoint, line: 1, column: 1, reason: "could not create an XML parser")
        }
        self.context = context
        // The body is read as UTF-8 whatever its prolog or its Content-Type header says: Finnkino's
        // prolog names no encoding, and a declaration that lied would turn every "ä" into two
        // letters. XML_PARSE_IGNORE_ENC leaves libxml2 on UTF-8, its own form, with no converter
        // (naming UTF-8 with `xmlCtxtResetPush` installed one, which copied every byte: 5% of
        // decoding a 10 MB schedule). Only a byte-order mark still chooses the encoding.
        let options =
            XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue
            | XML_PARSE_IGNORE_ENC.rawValue
        xmlCtxtUseOptions(context, Int32(options))
    }

    private func stop() {
        if let context { xmlFreeParserCtxt(context) }
        context = nil
    }

    /// Parses `bytes`, the next part of the document (its end with `isEnd`), in chunks; false
    /// when parsing stopped (an error, or a builder's failure).
    private func feed(_ bytes: UnsafeRawBufferPointer, isEnd: Bool) -> Bool {
        guard let context, let base = bytes.baseAddress?.assumingMemoryBound(to: CChar.self) else {
            return bytes.isEmpty && context != nil
        }
        var offset = 0
        while offset < bytes.count, failure == nil {
            let length = min(Self.chunkSize, bytes.count - offset)
            let isLast = isEnd && offset + length == bytes.count
            let status = xmlParseChunk(context, base + offset, Int32(length), isLast ? 1 : 0)
            offset += length
            if status != 0 { return false }
        }
        return failure == nil && context.pointee.wellFormed != 0
    }

    /// After the end of the document: the failure, if any.
    private func checkEnded() throws(FinnkinoDecodingError) {
        guard let context else { return }
        lastLine = Int(xmlSAX2GetLineNumber(context))
        if let failure { throw failure }
        if context.pointee.wellFormed == 0 || !rootEnded {
            throw libxmlError(context)
        }
    }

    // MARK: A document in parts

    /// A reader of a document fed in parts (``ScheduleHalves``), started; nil when no parser
    /// could be made.
    static func parts<Builder: FinnkinoDocumentBuilder>(
        endpoint: String, root: FinnkinoElement, builder: Builder
    ) -> SAXDocumentReader? {
        let reader = SAXDocumentReader(endpoint: endpoint, root: root, builder: builder)
        do { try reader.start() } catch { return nil }
        return reader
    }

    /// Parses `bytes`, the next part; false when parsing stopped.
    func feedPart(_ bytes: UnsafeRawBufferPointer, isEnd: Bool) -> Bool { feed(bytes, isEnd: isEnd) }

    /// Whether all `count` bytes fed so far were parsed and left the reader between elements, in
    /// exactly `path`'s elements (outermost first): nothing pending in libxml2 (an unfinished
    /// comment, tag or text), no leaf open, no failure.
    func standsBetweenElements(inside path: [FinnkinoElement], afterBytes count: Int) -> Bool {
        guard let context, failure == nil, context.pointee.wellFormed != 0, collecting < 0, depth == path.count,
            xmlByteConsumed(context) == count
        else { return false }
        return path.indices.allSatisfy { stack[$0].element == path[$0] }
    }

    /// After the last part: whether the document ended well (its root closed, no failure).
    func endedWell() -> Bool {
        do {
            try checkEnded()
            return true
        } catch {
            return false
        }
    }

    /// Frees the parser.
    func close() { stop() }

    private func libxmlError(_ context: xmlParserCtxtPtr) -> FinnkinoDecodingError {
        if let error = xmlCtxtGetLastError(context), error.pointee.code != 0 {
            let message = error.pointee.message.map { String(cString: $0) } ?? "malformed XML"
            return FinnkinoDecodingError(
                endpoint: endpoint, line: max(1, Int(error.pointee.line)), column: max(1, Int(error.pointee.int2)),
                reason: "malformed XML: " + message.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        return FinnkinoDecodingError(
            endpoint: endpoint, line: Int(xmlSAX2GetLineNumber(context)),
            column: Int(xmlSAX2GetColumnNumber(context)), reason: "truncated document: \(root.tag) is not closed")
    }

    private func fail(_ reason: String, line: Int? = nil, column: Int? = nil) {
        guard failure == nil else { return }
        let here = context.map { (Int(xmlSAX2GetLineNumber($0)), Int(xmlSAX2GetColumnNumber($0))) } ?? (1, 1)
        failure = FinnkinoDecodingError(
            endpoint: endpoint, line: line ?? here.0, column: column ?? here.1, reason: reason)
        if let context { xmlStopParser(context) }
    }

    // MARK: Events

    fileprivate func didStart(_ name: UnsafePointer<xmlChar>) {
        let depth = self.depth
        let parent = depth == 0 ? FinnkinoElement.document : stack[depth - 1].element
        var element = FinnkinoElement.unknown
        var role = ElementRole.ignored
        if parent != .unknown {
            element = names.element(for: name)
            if depth == 0 {
                guard element == root else {
                    fail("expected the root element \(root.tag), found <\(String(cString: name))>")
                    return
                }
                role = .container
            } else if element != .unknown {
                do {
                    role = try builder.start(element, in: parent)
                } catch {
                    fail(error.reason)
                    return
                }
            }
        }
        // Where the element starts, read from the parser's input as `xmlSAX2GetLineNumber` and
        // `xmlSAX2GetColumnNumber` read it, without two calls into libxml2 on every element.
        guard let input = context?.pointee.input?.pointee else { return }
        push(Open(element: role == .ignored ? .unknown : element, line: input.line, column: input.col))
        if role == .leaf {
            collecting = depth
            textCount = 0
        }
    }

    fileprivate func didEnd() {
        guard depth > 0 else { return }
        depth -= 1
        let depth = self.depth
        let open = stack[depth]
        let element = open.element
        if element == .unknown { return }
        let parent = depth == 0 ? FinnkinoElement.document : stack[depth - 1].element
        do {
            if collecting == depth {
                collecting = -1
                let all = UnsafeBufferPointer(rebasing: text[..<textCount])
                try builder.end(element, in: parent, text: Self.trimmed(all))
            } else {
                try builder.end(element, in: parent, text: UnsafeBufferPointer(start: nil, count: 0))
            }
        } catch {
            fail(error.reason, line: Int(open.line), column: Int(open.column))
            return
        }
        if depth == 0 { rootEnded = true }
    }

    fileprivate func didRead(_ characters: UnsafePointer<xmlChar>, count: Int) {
        guard collecting >= 0 else { return }
        guard textCount + count <= Self.longestValue else {
            if depth > 0, case let open = stack[depth - 1] {
                fail("\(open.element.tag) is longer than \(Self.longestValue) bytes")
            }
            return
        }
        UnsafeMutableRawPointer(text.baseAddress! + textCount).copyMemory(from: characters, byteCount: count)
        textCount += count
    }

    fileprivate func didFindDoctype() {
        fail("a DOCTYPE is not accepted (no DTDs or entity declarations in Finnkino XML)")
    }

    // MARK: Helpers

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }

    private static func trimmed(_ bytes: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        var start = 0
        var end = bytes.count
        while start < end, isWhitespace(bytes[start]) { start += 1 }
        while end > start, isWhitespace(bytes[end - 1]) { end -= 1 }
        return UnsafeBufferPointer(rebasing: bytes[start..<end])
    }

    /// Calls `body` with the reader behind `userData`, without retaining and releasing it: the
    /// reader outlives the parse that calls back (`parse(_:)` runs on it), and a retain and a
    /// release on each of a 10 MB schedule's 400,000 callbacks were 8% of its decode.
    private static func withReader(_ userData: UnsafeMutableRawPointer?, _ body: (SAXDocumentReader) -> Void) {
        guard let userData else { return }
        Unmanaged<SAXDocumentReader>.fromOpaque(userData)._withUnsafeGuaranteedRef(body)
    }

    private static func makeHandler() -> xmlSAXHandler {
        var handler = xmlSAXHandler()
        handler.initialized = UInt32(XML_SAX2_MAGIC)
        handler.startElementNs = { userData, localName, _, _, _, _, _, _, _ in
            guard let localName else { return }
            SAXDocumentReader.withReader(userData) { $0.didStart(localName) }
        }
        handler.endElementNs = { userData, _, _, _ in
            SAXDocumentReader.withReader(userData) { $0.didEnd() }
        }
        let characters: charactersSAXFunc = { userData, characters, count in
            guard let characters, count > 0 else { return }
            SAXDocumentReader.withReader(userData) { $0.didRead(characters, count: Int(count)) }
        }
        handler.characters = characters
        handler.cdataBlock = characters
        handler.internalSubset = { userData, _, _, _ in
            SAXDocumentReader.withReader(userData) { $0.didFindDoctype() }
        }
        handler.serror = { _, _ in }  // errors are read from the context after parsing
        return handler
    }
}
