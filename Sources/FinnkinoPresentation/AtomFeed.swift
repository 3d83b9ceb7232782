import Foundation

/// An Atom feed (RFC 4287) as text: a feed of entries, each with its ID, title, time, text and
/// link. Text is escaped for XML, characters XML 1.0 cannot carry are left out, and times are
/// written in UTC (RFC 3339).
public struct AtomFeed: Sendable, Equatable {
    public struct Entry: Sendable, Equatable {
        /// A permanent, unique IRI (a `tag:` URI, RFC 4151): a reader shows an entry once.
        public var id: String
        public var title: String
        public var updated: Date
        public var content: String
        public var link: URL?

        public init(id: String, title: String, updated: Date, content: String, link: URL?) {
            self.id = id
            self.title = title
            self.updated = updated
            self.content = content
            self.link = link
        }
    }

    public var id: String
    public var title: String
    /// The feed's own address (`rel="self"`).
    public var selfLink: URL
    /// The page the feed is about (`rel="alternate"`).
    public var alternateLink: URL?
    /// When the feed last changed: the newest entry's time, or `created` when it has none.
    public var updated: Date
    public var entries: [Entry]

    public init(id: String, title: String, selfLink: URL, alternateLink: URL?, updated: Date, entries: [Entry]) {
        self.id = id
        self.title = title
        self.selfLink = selfLink
        self.alternateLink = alternateLink
        self.updated = updated
        self.entries = entries
    }

    /// The feed as an XML document.
    public var text: String {
        var xml = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<feed xmlns=\"http://www.w3.org/2005/Atom\">\n"
        xml += "  <id>\(Self.escaped(id))</id>\n  <title>\(Self.escaped(title))</title>\n"
        xml += "  <updated>\(Self.timestamp(updated))</updated>\n"
        xml += "  <link rel=\"self\" href=\"\(Self.escaped(selfLink.absoluteString))\"/>\n"
        if let alternateLink {
            xml += "  <link rel=\"alternate\" href=\"\(Self.escaped(alternateLink.absoluteString))\"/>\n"
        }
        xml += "  <author><name>\(Self.escaped(title))</name></author>\n"
        for entry in entries {
            xml +=
                "  <entry>\n    <id>\(Self.escaped(entry.id))</id>\n    <title>\(Self.escaped(entry.title))</title>\n"
            xml += "    <updated>\(Self.timestamp(entry.updated))</updated>\n"
            if let link = entry.link { xml += "    <link href=\"\(Self.escaped(link.absoluteString))\"/>\n" }
            xml += "    <content type=\"text\">\(Self.escaped(entry.content))</content>\n  </entry>\n"
        }
        return xml + "</feed>\n"
    }

    /// `2026-11-27T10:05:00Z`.
    static func timestamp(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle())
    }

    /// `text` with `&`, `<`, `>`, `"` and `'` as entities, and the characters XML 1.0 does not
    /// allow (most control characters, lone surrogates cannot occur in a Swift string) left out.
    static func escaped(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\t", "\n", "\r": out.unicodeScalars.append(scalar)
            default:
                if scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF { continue }
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
