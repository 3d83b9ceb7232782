import AppPatterns
import Crypto
import FinnkinoKit
import Foundation
import OpenAPIRuntime

/// An answer's validator and how long it may be kept: `ETag` is a digest of the answer's JSON (so
/// the same data always has the same tag, on every instance), and `Cache-Control` gives the rest
/// of its feed's cache period (``CachePolicy``), so that a client or a cache in between asks again
/// when the server would ask Finnkino again; a person's lists are `private, no-cache`.
enum APIFreshness {
    /// The tag of `value` as the API writes it (``HelsinkiDateTranscoder``'s instants, sorted keys).
    static func tag(of value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(HelsinkiTime.iso8601(date))
        }
        // The schemas are strings, numbers, flags and dates: encoding them cannot fail.
        let data: Data
        do { data = try encoder.encode(value) } catch { preconditionFailure("APIFreshness: \(error)") }
        let digest = SHA256.hash(data: data)
        return "\"" + digest.prefix(16).map { String(format: "%02x", $0) }.joined() + "\""
    }

    /// Whether `ifNoneMatch` (the request's header: tags separated by commas, weak or not, or `*`)
    /// names `tag`.
    static func matches(_ ifNoneMatch: String?, _ tag: String) -> Bool {
        guard let ifNoneMatch else { return false }
        return ifNoneMatch.split(separator: ",").contains { candidate in
            var text = candidate.trimmingCharacters(in: .whitespaces)
            if text == "*" { return true }
            if text.hasPrefix("W/") { text.removeFirst(2) }
            return text == tag
        }
    }

    /// `public, max-age=…`: what is left of `period` since `loaded` was fetched (nothing when
    /// stale), by the clock of the store that fetched it.
    static func cacheControl(_ loaded: Loaded<some Sendable>, period: TimeInterval, now: Date) -> String {
        let left = loaded.isStale ? 0 : max(0, Int((period - loaded.age(at: now)).rounded()))
        return "public, max-age=\(left)"
    }

    static let personal = "private, no-cache"
}

/// Instants as the command line's JSON writes them: ISO 8601 with Helsinki's offset
/// (`2026-11-24T18:30:00+02:00`); read as any ISO 8601 instant.
struct HelsinkiDateTranscoder: DateTranscoder {
    func encode(_ date: Date) throws -> String { HelsinkiTime.iso8601(date) }

    func decode(_ text: String) throws -> Date {
        guard let date = try? Date(text, strategy: .iso8601) else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: [], debugDescription: "not an ISO 8601 instant: \(text)"))
        }
        return date
    }
}
