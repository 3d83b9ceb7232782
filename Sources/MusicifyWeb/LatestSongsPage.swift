import MusicifyKit
import WebSupport

/// The latest-songs screen as a web page: what ``SongListCanvas`` holds, drawn as HTML. The rows
/// (rank, artwork, name, subtitle) link to `/songs/<id>`, which selects the song through the
/// screen's architecture; above them the sort control is two links (`/` and `/?sort=artist`), the
/// chosen one marked `aria-current`; the alert is a box with a "Try again" link. The page depends on the
/// widgets' state only, so the five architectures produce the same bytes for the same chart.
public enum LatestSongsPage {
    /// The heading under the app's name.
    static let heading = "Latest songs"

    /// The whole page for `state`.
    public static func render(_ state: SongListCanvas.State) -> SafeHTML {
        PageFrame.render(title: heading, heading: heading, capacity: 2_048 + state.rows.count * 512) { html in
            if let alert = state.alert { Self.alert(alert, into: &html) }
            if state.isLoading {
                html.element("p", .class("loading"), .role("status"), text: "Loading the latest songs…")
                html.raw("\n")
            } else if state.rows.isEmpty, state.alert == nil {
                html.element("p", .class("empty"), text: "The chart has no songs right now.")
                html.raw("\n")
            }
            if !state.rows.isEmpty {
                Self.sortControl(state.sortOrder, into: &html)
                Self.list(state.rows, into: &html)
            }
        }
    }

    private static func alert(_ message: String, into html: inout HTMLWriter) {
        html.element("div", .class("alert"), .role("alert")) { html in
            html.element("p", .class("alert-title"), text: message)
            html.element("p", text: "The latest songs could not be shown.")
            html.element("p") { html in
                html.element("a", .class("button"), .href("/"), text: "Try again")
            }
        }
        html.raw("\n")
    }

    /// The page that lists the chart in `order`.
    static func address(of order: SongSortOrder) -> String {
        switch order {
        case .chart: "/"
        case .artist: "/?sort=artist"
        }
    }

    private static func sortControl(_ chosen: SongSortOrder, into html: inout HTMLWriter) {
        html.element("nav", .class("sort"), .ariaLabel("Order of the songs")) { html in
            for order in SongSortOrder.allCases {
                let label =
                    switch order {
                    case .chart: "Chart order"
                    case .artist: "By artist"
                    }
                html.element("a", .href(address(of: order)), .current(order == chosen), text: label)
            }
        }
        html.raw("\n")
    }

    private static func list(_ rows: [SongListCanvas.Row], into html: inout HTMLWriter) {
        html.element("ol", .class("songs")) { html in
            html.raw("\n")
            for (index, row) in rows.enumerated() {
                html.element("li") { html in
                    html.element("a", .class("song"), .href(ChartLink.selection(of: row.id))) { html in
                        html.element("span", .class("rank"), text: String(index + 1))
                        if let artwork = row.artworkURL.flatMap(ChartLink.address(of:)) {
                            html.voidElement(
                                "img", .class("artwork"), .src(artwork), .alt("Cover of " + row.title),
                                .attribute("width", 60), .attribute("height", 60))
                        } else {
                            html.element(
                                "span", .class("artwork artwork-missing"), .attribute("aria-hidden", "true"), text: "")
                        }
                        html.element("span", .class("song-text")) { html in
                            html.element("span", .class("song-title"), text: row.title)
                            html.element("span", .class("song-subtitle"), text: row.subtitle)
                        }
                    }
                }
                html.raw("\n")
            }
        }
        html.raw("\n")
    }
}
