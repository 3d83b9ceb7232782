import Foundation

/// A song of the latest-songs chart: what every one of the five screens shows and opens.
public struct Song: Sendable, Hashable, Codable, Identifiable {
    /// The source's ID as text: Apple's numeric string, or the study's integer written out.
    public var id: String
    public var name: String
    /// One or several artists as the source joins them (`A & B`, `A ft B`).
    public var artist: String
    public var releaseYear: Int?
    public var artworkURL: URL?
    /// Where selecting the song leads: its lyrics, or its page on the store.
    public var pageURL: URL

    public init(id: String, name: String, artist: String, releaseYear: Int?, artworkURL: URL?, pageURL: URL) {
        self.id = id
        self.name = name
        self.artist = artist
        self.releaseYear = releaseYear
        self.artworkURL = artworkURL
        self.pageURL = pageURL
    }
}
