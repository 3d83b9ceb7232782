import AppPatterns
import Foundation

/// `GET /api/v2/{country}/music/most-played/{count}/songs.json`: Apple's marketing RSS v2 chart of
/// the most played songs, in chart order (the rank is the position; the feed has no rank field).
///
/// Quirks handled: `contentAdvisoryRating` is misspelt `Explict` and missing for clean songs (not
/// read); `artistId` can be missing; `releaseDate` is `YYYY-MM-DD` (its year is taken); artwork is
/// asked for at 300x300 by the path convention (`…/100x100bb.jpg` → `…/300x300bb.jpg`); links that
/// are plain http are upgraded to https.
public struct MostPlayedSongsEndpoint: Endpoint, Hashable {
    public var country: String
    public var count: Int

    public init(country: String = "us", count: Int = 20) {
        self.country = country
        self.count = count
    }

    public var name: String { "Most played songs" }
    public var accepts: BodyKind? { .json }

    public var request: TransportRequest {
        TransportRequest(path: "/api/v2/\(country)/music/most-played/\(count)/songs.json")
    }

    /// Two lowercase letters; the feed serves 1 to 100 songs.
    public func validate() throws {
        guard country.count == 2, country.allSatisfy({ $0.isASCII && $0.isLowercase }), (1...100).contains(count)
        else { throw SongsDecodingError("a country code like us and 1 to 100 songs, not \(country) and \(count)") }
    }

    private struct Feed: Decodable {
        struct Body: Decodable {
            var results: [Result]
        }
        struct Result: Decodable {
            var id: String
            var name: String
            var artistName: String
            var releaseDate: String?
            var artworkUrl100: String?
            var url: String
        }
        var feed: Body
    }

    public func decode(_ body: Data) throws -> [Song] {
        let results: [Feed.Result]
        do {
            results = try JSONDecoder().decode(Feed.self, from: body).feed.results
        } catch {
            throw SongsDecodingError("not Apple's songs feed: \(error)")
        }
        return try results.map { result in
            guard let page = Self.https(result.url) else {
                throw SongsDecodingError("song \(result.id) has no page URL: \(result.url)")
            }
            return Song(
                id: result.id, name: result.name, artist: result.artistName,
                releaseYear: result.releaseDate.flatMap { Int($0.prefix(4)) },
                artworkURL: result.artworkUrl100.flatMap { Self.https(Self.at300(artwork: $0)) }, pageURL: page)
        }
    }

    /// The artwork's address at 300x300: its file `100x100bb.jpg` becomes `300x300bb.jpg`; any
    /// other address as it is. (Standard-library search of the last path component: Foundation's
    /// `replacingOccurrences` cost a third of a 20-song load under callgrind.)
    static func at300(artwork text: String) -> String {
        let small = "100x100bb."
        guard let slash = text.lastIndex(of: "/") else { return text }
        let file = text[text.index(after: slash)...]
        guard file.hasPrefix(small) else { return text }
        return text[...slash] + "300x300bb." + file.dropFirst(small.count)
    }

    /// An http(s) URL as https; nil for anything else.
    static func https(_ text: String) -> URL? {
        let secure: String
        if text.hasPrefix("https://") {
            secure = text
        } else if text.hasPrefix("http://") {
            secure = "https://" + text.dropFirst("http://".count)
        } else {
            return nil
        }
        guard let url = URL(string: secure), url.host?.isEmpty == false else { return nil }
        return url
    }

    public var sampleData: Data {
        Data(
            """
            {"feed":{"title":"Top Songs","country":"us","updated":"Wed, 11 May 2022 21:44:11 +0000","results":[\
            {"artistName":"Example","id":"1","name":"A Song","releaseDate":"2022-04-29","kind":"songs",\
            "artworkUrl100":"https://example.com/a/100x100bb.jpg","genres":[],"url":"https://music.apple.com/us/album/1"}]}}
            """.utf8)
    }
}
