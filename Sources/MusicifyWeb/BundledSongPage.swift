import MusicifyKit
import WebSupport

/// The page of a song of the bundled chart: what a store page would show (the cover, name, artist,
/// release year), drawn by the web app from the song's data, and saying that the song is invented.
enum BundledSongPage {
    static func render(_ song: Song) -> String {
        PageFrame.render(title: song.name, heading: "Song", capacity: 3_072) { html in
            html.raw("<article class=\"song-page\">\n")
            if let artwork = song.artworkURL.flatMap(ChartLink.address(of:)) {
                html.raw("<img class=\"cover\" src=\"")
                html.text(artwork)
                html.raw("\" alt=\"Cover of ")
                html.text(song.name)
                html.raw("\" width=\"300\" height=\"300\">\n")
            }
            html.raw("<div class=\"song-facts\"><h2 class=\"song-name\">")
            html.text(song.name)
            html.raw("</h2>\n<p class=\"song-artist\">")
            html.text(song.artist)
            html.raw("</p>\n")
            if let year = song.releaseYear { html.raw("<p class=\"song-year\">Released in \(year)</p>\n") }
            html.raw("<p class=\"note\">This song is invented for Musicify's offline chart: ")
            html.raw("no such song or artist exists.</p>\n")
            html.raw("<p><a class=\"button\" href=\"/\">Back to the chart</a></p></div>\n</article>\n")
        }
    }
}
