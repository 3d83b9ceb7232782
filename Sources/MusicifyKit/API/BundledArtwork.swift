import AppPatterns

/// A bundled song's cover: an SVG square in a colour of its own (from a hash of the song's ID)
/// with the first letters of its title. The same song always gets the same cover.
public struct BundledArtwork: Sendable {
    public var id: String
    public var title: String
    public var side: Int

    public init(id: String, title: String, side: Int) {
        self.id = id
        self.title = title
        self.side = side
    }

    /// Up to two initials of the title's words, upper-cased (letters and digits only).
    public var initials: String {
        let words = title.split(whereSeparator: { !$0.isLetter && !$0.isNumber })
        return String(words.prefix(2).compactMap(\.first)).uppercased()
    }

    public var svg: String {
        let hash = FNV1a.hash(id.utf8)
        let hue = Int(hash % 360)
        let second = (hue + 40 + Int((hash >> 16) % 80)) % 360
        return """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(side)" height="\(side)" viewBox="0 0 300 300">\
            <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">\
            <stop offset="0" stop-color="hsl(\(hue),62%,48%)"/><stop offset="1" stop-color="hsl(\(second),70%,26%)"/>\
            </linearGradient></defs><rect width="300" height="300" fill="url(#g)"/>\
            <circle cx="230" cy="70" r="44" fill="#fff" fill-opacity="0.14"/>\
            <text x="150" y="182" text-anchor="middle" font-family="sans-serif" font-size="104" font-weight="700" \
            fill="#fff" fill-opacity="0.92">\(initials)</text></svg>

            """
    }
}
