import CLibXML2Floor
import Foundation

/// The floor: libxml2's SAX2 push parser over the document with empty callbacks, the same
/// options and chunking as FinnkinoKit's reader, building nothing.
enum RawLibXML2Pass {
    struct Malformed: Error {}

    static func run(_ data: Data) throws {
        var handler = xmlSAXHandler()
        handler.initialized = UInt32(XML_SAX2_MAGIC)
        handler.startElementNs = { _, _, _, _, _, _, _, _, _ in }
        handler.endElementNs = { _, _, _, _ in }
        handler.characters = { _, _, _ in }
        handler.serror = { _, _ in }
        guard let context = xmlCreatePushParserCtxt(&handler, nil, nil, 0, nil) else { throw Malformed() }
        defer { xmlFreeParserCtxt(context) }
        let options = XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue
        xmlCtxtUseOptions(context, Int32(options))
        let chunk = 256 * 1024
        data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
            guard let base = raw.baseAddress?.assumingMemoryBound(to: CChar.self) else { return }
            var offset = 0
            while offset < raw.count {
                let length = min(chunk, raw.count - offset)
                let isLast = offset + length == raw.count
                if xmlParseChunk(context, base + offset, Int32(length), isLast ? 1 : 0) != 0 { break }
                offset += length
            }
        }
        if context.pointee.wellFormed == 0 { throw Malformed() }
    }
}
