import Foundation

/// An iCalendar document (RFC 5545) of timed events, written as calendar programs read it: CRLF
/// line ends, lines folded at 75 octets without splitting a UTF-8 character, text values escaped
/// (`\\`, `\;`, `\,`, `\n`), times in UTC.
public struct CalendarDocument: Sendable, Hashable {
    /// One `VEVENT`.
    public struct Event: Sendable, Hashable {
        /// Globally unique and the same each time the same event is written, so that adding it
        /// again updates it instead of doubling it.
        public var uid: String
        public var start: Date
        public var end: Date
        public var summary: String
        public var location: String?
        /// Latitude and longitude (`GEO`).
        public var geo: (latitude: Double, longitude: Double)?
        public var description: String?
        public var url: URL?

        public init(
            uid: String, start: Date, end: Date, summary: String, location: String? = nil,
            geo: (latitude: Double, longitude: Double)? = nil, description: String? = nil, url: URL? = nil
        ) {
            self.uid = uid
            self.start = start
            self.end = end
            self.summary = summary
            self.location = location
            self.geo = geo
            self.description = description
            self.url = url
        }

        public static func == (lhs: Event, rhs: Event) -> Bool {
            lhs.uid == rhs.uid && lhs.start == rhs.start && lhs.end == rhs.end && lhs.summary == rhs.summary
                && lhs.location == rhs.location && lhs.geo?.latitude == rhs.geo?.latitude
                && lhs.geo?.longitude == rhs.geo?.longitude && lhs.description == rhs.description && lhs.url == rhs.url
        }

        public func hash(into hasher: inout Hasher) {
            hasher.combine(uid)
            hasher.combine(start)
        }
    }

    /// `PRODID`: who wrote the document, `-//Owner//Product//EN`.
    public var productID: String
    /// `X-WR-CALNAME`, the name a subscribed calendar is listed under; nil for a one-off file.
    public var name: String?
    public var events: [Event]

    public init(productID: String, name: String? = nil, events: [Event]) {
        self.productID = productID
        self.name = name
        self.events = events
    }

    /// The document's text; `stamp` is when it was written (each event's `DTSTAMP`).
    public func text(stamp: Date) -> String {
        // No METHOD: a file to add, not a scheduling message (RFC 5546 would want an ORGANIZER).
        var lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:" + Self.escaped(productID), "CALSCALE:GREGORIAN"]
        if let name { lines.append("X-WR-CALNAME:" + Self.escaped(name)) }
        for event in events {
            lines.append("BEGIN:VEVENT")
            lines.append("UID:" + Self.escaped(event.uid))
            lines.append("DTSTAMP:" + Self.utc(stamp))
            lines.append("DTSTART:" + Self.utc(event.start))
            lines.append("DTEND:" + Self.utc(max(event.end, event.start)))
            lines.append("SUMMARY:" + Self.escaped(event.summary))
            if let location = event.location { lines.append("LOCATION:" + Self.escaped(location)) }
            if let geo = event.geo, abs(geo.latitude) <= 90, abs(geo.longitude) <= 180 {
                lines.append("GEO:" + Self.decimal(geo.latitude) + ";" + Self.decimal(geo.longitude))
            }
            if let description = event.description { lines.append("DESCRIPTION:" + Self.escaped(description)) }
            if let url = event.url { lines.append("URL:" + Self.uri(url)) }
            lines.append("END:VEVENT")
        }
        lines.append("END:VCALENDAR")
        return lines.map(Self.folded).joined(separator: "\r\n") + "\r\n"
    }

    /// A TEXT value (RFC 5545 3.3.11): backslash, semicolon and comma escaped, every line break
    /// as `\n` (Unicode's NEL, line and paragraph separators too: some readers split lines on
    /// them), other control characters (C0, DEL, C1) dropped.
    static func escaped(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        var previousWasCR = false
        for scalar in text.unicodeScalars {
            defer { previousWasCR = scalar == "\r" }
            switch scalar {
            case "\\": result += "\\\\"
            case ";": result += "\\;"
            case ",": result += "\\,"
            case "\r": result += "\\n"
            case "\n": if !previousWasCR { result += "\\n" }
            case "\u{85}", "\u{2028}", "\u{2029}": result += "\\n"
            default:
                if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) { continue }
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// A URI value: only its printable ASCII (a `URL` is percent-encoded already).
    private static func uri(_ url: URL) -> String {
        String(url.absoluteString.unicodeScalars.filter { $0.value > 0x20 && $0.value < 0x7F }.map(Character.init))
    }

    /// A line of at most 75 octets, then continuation lines of a space and at most 74 octets,
    /// cut between Unicode scalars, never inside one's UTF-8 bytes (RFC 5545 3.1; a grapheme
    /// cluster may be cut: its combining marks can be any number of octets).
    static func folded(_ line: String) -> String {
        guard line.utf8.count > 75 else { return line }
        var result = String.UnicodeScalarView()
        var width = 0
        var limit = 75
        for scalar in line.unicodeScalars {
            let size = UTF8.width(scalar)
            if width + size > limit {
                result.append(contentsOf: "\r\n ".unicodeScalars)
                width = 0
                limit = 74
            }
            result.append(scalar)
            width += size
        }
        return String(result)
    }

    /// `20261127T160000Z`: ISO 8601's basic form in UTC, as DATE-TIME's UTC form is written.
    private static let utcStyle = Date.ISO8601FormatStyle(
        dateSeparator: .omitted, dateTimeSeparator: .standard, timeSeparator: .omitted, timeZone: .gmt)

    private static func utc(_ date: Date) -> String { utcStyle.format(date) }

    /// A float of GEO: up to 6 decimals, `.` always (not the locale's separator).
    private static func decimal(_ value: Double) -> String {
        let scaled = (value * 1_000_000).rounded()
        let sign = scaled < 0 ? "-" : ""
        let magnitude = Int64(abs(scaled))
        let fraction = String(magnitude % 1_000_000)
        return sign + String(magnitude / 1_000_000) + "." + String(repeating: "0", count: 6 - fraction.count)
            + fraction
    }
}
