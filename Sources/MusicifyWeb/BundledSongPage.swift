import MusicifyKit
import WebSupport

/// The page of a song of the bundled chart: what a store page would show (the cover, name, artist,
/// release year), drawn by the web app from the song's data, and saying that the song is invented.
enum BundledSongPage {
    static func render(_ song: Song) -> SafeHTML {
        PageFrame.render(title: song.name, heading: "Song", capacity: 3_072) { html in
            html.element("article", .class("song-page")) { html in
                html.raw("\n")
                if let artwork = song.artworkURL.flatMap(ChartLink.address(of:)) {
                    html.voidElement(
                        "img", .class("cover"), .src(artwork), .alt("Cover of " + song.name), .attribute("width", 300),
                        .attribute("height", 300))
                    html.raw("\n")
                }
                html.element("div", .class("song-facts")) { html in
                    html.element("h2", .class("song-name"), text: song.name)
                    html.raw("\n")
                    html.element("p", .class("song-artist"), text: song.artist)
                    html.raw("\n")
                    if let year = song.releaseYear {
                        html.element("p", .class("song-year")) { html in
                            html.text("Released in ")
                            html.text(year)
                        }
                        html.raw("\n")
                    }
                    html.element(
                        "p", .class("note"),
                        text: "This song is invented for Musicify's offline chart: no such song or artist exists.")
                    html.raw("\n")
                    html.element("p") { html in
                        html.element("a", .class("button"), .href("/"), text: "Back to the chart")
                    }
                }
                html.raw("\n")
            }
            html.raw("\n")
        }
    }
}
