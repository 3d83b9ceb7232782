import FinnkinoPresentation
import WebSupport

/// The page the service worker shows, without a connection, for a page it has not kept: in the
/// person's language, with the app's tab bar, and links to what it keeps. The server answers with
/// it too (`sourceDown`, status 503) for a page it cannot make: Finnkino's data cannot be read and
/// none of it is saved.
enum OfflineView {
    static func page(layout: PageLayout, sourceDown: Bool = false) -> String {
        let language = layout.client.language
        let words = language.offline
        let title = sourceDown ? words.sourceDownTitle : words.title
        return layout.render(title: title, tab: nil, live: false) { html in
            html.raw("<h1>")
            html.text(title)
            html.raw("</h1><p>")
            html.text(sourceDown ? words.sourceDown : words.notKept)
            if !sourceDown {
                html.raw("</p><p>")
                html.text(words.keptPages)
            }
            html.raw("</p><ul class=\"offline-links\"><li><a href=\"\(WebRoute.root.path)\">")
            html.text(language.strings.moviesTab)
            html.raw("</a></li><li><a href=\"\(WebRoute.bookmarks.path)\">")
            html.text(language.strings.bookmarksTab)
            // The offline page is shown at the address that failed: this link opens that address again.
            html.raw("</a></li></ul><p><a class=\"button\" href=\"\" id=\"try-again\">")
            html.text(words.tryAgain)
            html.raw("</a></p>")
        }
    }
}
