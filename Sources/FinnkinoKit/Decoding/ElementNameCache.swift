import CLibXML2

/// Maps libxml2's interned element-name pointers to `FinnkinoElement` without building strings.
///
/// SAX2 hands out element names from the parser's dictionary, so one name is always the same
/// pointer during a parse. The first sight of a pointer costs a string lookup; later ones a few
/// loads. Valid for one parse only (the dictionary dies with the parser context).
struct ElementNameCache {
    private static let capacity = 256
    private var keys = [UInt](repeating: 0, count: capacity)
    private var values = [FinnkinoElement](repeating: .unknown, count: capacity)
    private var count = 0

    mutating func element(for name: UnsafePointer<xmlChar>) -> FinnkinoElement {
        let key = UInt(bitPattern: name)
        let mask = Self.capacity - 1
        var slot = Int(truncatingIfNeeded: (key >> 4) ^ (key >> 12)) & mask
        for _ in 0..<Self.capacity {
            let stored = keys[slot]
            if stored == key { return values[slot] }
            if stored == 0 { break }
            slot = (slot + 1) & mask
        }
        let element = FinnkinoElement.byWireName[String(cString: name)] ?? .unknown
        // Keep the table at most three quarters full; beyond that (a hostile document with
        // hundreds of distinct names) names are simply looked up each time.
        if keys[slot] == 0, count < Self.capacity * 3 / 4 {
            keys[slot] = key
            values[slot] = element
            count += 1
        }
        return element
    }
}
