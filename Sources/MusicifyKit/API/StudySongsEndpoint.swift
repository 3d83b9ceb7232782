import AppPatterns
import Foundation

/// `GET /latestSongs`: the 2019 study's own format, an array of `{id, name, artist, releaseYear,
/// thumbnailURL, lyricsURL}` with `id` an integer and `releaseYear` a string.
public struct StudySongsEndpoint: Endpoint, Hashable {
    public init() {}

    public var name: String { "Latest songs" }
    public var accepts: BodyKind? { .json }
    public var request: TransportRequest { TransportRequest(path: "/latestSongs") }

    private struct Item: Decodable {
        var id: Int
        var name: String
        var artist: String
        var releaseYear: String
        var thumbnailURL: String
        var lyricsURL: String
    }

    public func decode(_ body: Data) throws -> [Song] {
        let items: [Item]
        do {
            items = try JSONDecoder().decode([Item].self, from: body)
        } catch {
            throw SongsDecodingError("not the latest-songs list: \(error)")
        }
        return try items.map { item in
            guard let page = MostPlayedSongsEndpoint.https(item.lyricsURL) else {
                throw SongsDecodingError("song \(item.id) has no lyrics URL: \(item.lyricsURL)")
            }
            return Song(
                id: String(item.id), name: item.name, artist: item.artist, releaseYear: Int(item.releaseYear),
                artworkURL: MostPlayedSongsEndpoint.https(item.thumbnailURL), pageURL: page)
        }
    }

    /// The study's own sample: its four songs as its API answered them.
    public var sampleData: Data {
        Data(
            """
            [{"id":1,"name":"Back To You","artist":"Selena Gomez","releaseYear":"2018",\
            "thumbnailURL":"https://i.ytimg.com/vi/VY1eFxfRR-k/maxresdefault.jpg",\
            "lyricsURL":"https://www.azlyrics.com/lyrics/selenagomez/backtoyou.html"},\
            {"id":2,"name":"Dance To This","artist":"Troye Sivan ft Ariana Grande","releaseYear":"2018",\
            "thumbnailURL":"https://i.ytimg.com/vi/bhxxNIQBKJI/maxresdefault.jpg",\
            "lyricsURL":"https://www.azlyrics.com/lyrics/troyesivan/dancetothis.html"},\
            {"id":3,"name":"Lost In Japan","artist":"Shawn Mendes","releaseYear":"2018",\
            "thumbnailURL":"https://i.ytimg.com/vi/ycy30LIbq4w/maxresdefault.jpg",\
            "lyricsURL":"https://www.azlyrics.com/lyrics/shawnmendes/lostinjapan.html"},\
            {"id":4,"name":"My My My!","artist":"Troye Sivan","releaseYear":"2018",\
            "thumbnailURL":"https://i.ytimg.com/vi/k5TqNsr6YuQ/maxresdefault.jpg",\
            "lyricsURL":"https://www.azlyrics.com/lyrics/troyesivan/mymymy.html"}]
            """.utf8)
    }
}
