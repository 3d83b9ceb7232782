import MusicifyKit
import WebSupport

/// The latest-songs screen as a web page: what ``SongListCanvas`` holds, drawn as HTML. The rows
/// (rank, artwork, name, subtitle) link to `/songs/<id>`, which selects the song through the
/// screen's architecture; the alert is a box with a "Try again" link. The page depends on the
/// widgets' state only, so the five architectures produce the same bytes for the same chart.
public enum LatestSongsPage {
    /// The heading under the app's name.
    static let heading = "Latest songs"

    /// The whole page for `state`.
    public static func render(_ state: SongListCanvas.State) -> String {
        PageFrame.render(title: heading, heading: heading, capacity: 2_048 + state.rows.count * 512) { html in
            if let alert = state.alert { Self.alert(alert, into: &html) }
            if state.isLoading {
                html.raw("<p class=\"loading\" role=\"status\">Loading the latest songs…</p>\n")
            } else if state.rows.isEmpty, state.alert == nil {
                html.raw("<p class=\"empty\">The chart has no songs right now.</p>\n")
            }
            if !state.rows.isEmpty { Self.list(state.rows, into: &html) }
        }
    }

    private static func alert(_ message: String, into html: inout HTMLWriter) {
        html.raw("<div class=\"alert\" role=\"alert\"><p class=\"alert-title\">")
        html.text(message)
        html.raw("</p><p>The latest songs could not be shown.</p>")
        html.raw("<p><a class=\"button\" href=\"/\">Try again</a></p></div>\n")
    }

    private static func list(_ rows: [SongListCanvas.Row], into html: inout HTMLWriter) {
        html.raw("<ol class=\"songs\">\n")
        for (index, row) in rows.enumerated() {
            html.raw("<li><a class=\"song\" href=\"")
            html.text(ChartLink.selection(of: row.id))
            html.raw("\"><span class=\"rank\">\(index + 1)</span>")
            if let artwork = row.artworkURL.flatMap(ChartLink.address(of:)) {
                html.raw("<img class=\"artwork\" src=\"")
                html.text(artwork)
                html.raw("\" alt=\"Cover of ")
                html.text(row.title)
                html.raw("\" width=\"60\" height=\"60\">")
            } else {
                html.raw("<span class=\"artwork artwork-missing\" aria-hidden=\"true\"></span>")
            }
            html.raw("<span class=\"song-text\"><span class=\"song-title\">")
            html.text(row.title)
            html.raw("</span><span class=\"song-subtitle\">")
            html.text(row.subtitle)
            html.raw("</span></span></a></li>\n")
        }
        html.raw("</ol>\n")
    }
}
