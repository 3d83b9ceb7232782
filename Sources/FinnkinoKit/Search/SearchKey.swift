import Foundation

/// Text folded for matching as a person expects: case-insensitive and diacritic-insensitive
/// ("aiti" matches "Äiti"), runs of white space collapsed. Stored as UTF-8 bytes so that matching
/// over thousands of titles per keystroke is a plain byte scan.
public struct SearchKey: Sendable, Hashable {
    public let bytes: [UInt8]

    public init(_ text: some StringProtocol) {
        let folded = String(text).folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(folded.utf8.count)
        var pendingSpace = false
        for byte in folded.utf8 {
            if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
                pendingSpace = !bytes.isEmpty
            } else {
                if pendingSpace { bytes.append(0x20) }
                pendingSpace = false
                bytes.append(byte)
            }
        }
        self.bytes = bytes
    }

    public var isEmpty: Bool { bytes.isEmpty }

    public func hasPrefix(_ other: SearchKey) -> Bool {
        other.bytes.count <= bytes.count && bytes.starts(with: other.bytes)
    }
}
