import FinnkinoPresentation
import WebSupport

/// The page the service worker shows, without a connection, for a page it has not kept: in the
/// person's language, with the app's tab bar, and links to what it keeps. The server answers with
/// it too (`sourceDown`, status 503) for a page it cannot make: Finnkino's data cannot be read and
/// none of it is saved.
enum OfflineView {
    static func page(layout: PageLayout, sourceDown: Bool = false) -> SafeHTML {
        let language = layout.client.language
        let words = language.offline
        let title = sourceDown ? words.sourceDownTitle : words.title
        return layout.render(title: title, tab: nil, live: false) { html in
            html.element("h1", text: title)
            html.element("p", text: sourceDown ? words.sourceDown : words.notKept)
            if !sourceDown { html.element("p", text: words.keptPages) }
            html.element("ul", .class("offline-links")) { html in
                html.element("li") { html in
                    html.element("a", .href(WebRoute.root.path), text: language.strings.moviesTab)
                }
                html.element("li") { html in
                    html.element("a", .href(WebRoute.bookmarks.path), text: language.strings.bookmarksTab)
                }
            }
            // The offline page is shown at the address that failed: this link opens that address again.
            html.element("p") { html in
                html.element("a", .class("button"), .href(""), .id("try-again"), text: words.tryAgain)
            }
        }
    }
}
