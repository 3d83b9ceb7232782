import FinnkinoKit
import FinnkinoPresentation
import Foundation
import ImagePipeline
import WebSupport

/// The document every page shares: head, language switch, tab bar, and the page's main content.
struct PageLayout {
    enum Tab: String, CaseIterable {
        case movies, showtimes, news, international, bookmarks, library

        var route: WebRoute {
            switch self {
            case .movies: .movies
            case .showtimes: .showtimes
            case .news: .news
            case .international: .international
            case .bookmarks: .bookmarks
            case .library: .library
            }
        }
    }

    /// The head's links: the icon, the style sheet and the script.
    private static let headLinks =
        "<link rel=\"icon\" href=\"\(WebRoute.staticFile(name: "icon.svg").path)\" type=\"image/svg+xml\">"
        + "<link rel=\"stylesheet\" href=\"\(WebRoute.staticFile(name: "app.css").path)\">"
        + "<script src=\"\(WebRoute.staticFile(name: "app.js").path)\" defer></script>"

    let client: ClientState
    /// The page's own path and query (the language switch returns here; live updates watch it).
    let path: String
    /// The offline banner's text while the data source does not answer.
    var connectivity: String? = nil
    /// Banners of stores the server could not open (bookmarks, the video library).
    var unavailable: [String] = []

    static let connectivityID = "connectivity"

    /// A full HTML document. The form message (``ClientState/flash``) is shown at the top of `main`
    /// unless the page shows it itself (`showsFlash`).
    func render(
        title: String, tab: Tab?, live: Bool, showsFlash: Bool = false, main: (inout HTMLWriter) -> Void
    ) -> String {
        let chrome = Chrome.of(client.language)
        var html = HTMLWriter()
        html.raw(chrome.documentStart)
        html.text(title)
        html.raw(chrome.titleEnd)
        if live {
            html.raw(" data-live-updates=\"\(WebRoute.live.path)\" data-live=\"")
            html.text(path)
            html.raw("\"")
        }
        html.raw(tab == .library ? chrome.headerOnLibrary : chrome.header)
        // The language form's two fields of this request, then its buttons.
        html.text(client.csrf.value)
        html.raw("\"><input type=\"hidden\" name=\"back\" value=\"")
        html.text(path)
        html.raw(chrome.navigation[tab] ?? "")
        Self.connectivityBanner(connectivity, into: &html)
        html.raw("</div>")
        for notice in unavailable {
            html.raw("<p class=\"offline unavailable\" role=\"alert\">")
            html.text(notice)
            html.raw("</p>")
        }
        if let flash = client.flash, !showsFlash {
            html.raw("<p class=\"flash\" role=\"status\">")
            html.text(flash)
            html.raw("</p>")
        }
        main(&html)
        html.raw(path.hasPrefix(WebRoute.devices.path) ? chrome.footerOnDevices : chrome.footer)
        return html.html
    }

    /// What every page in a language shows the same way, written once per language instead of once
    /// per request: the head, the header up to the language form's fields, the language buttons and
    /// the tab bar (one per tab shown, and one for none), and the footer with the shortcuts' dialog.
    /// `render` writes only the request's own parts between them.
    private struct Chrome: Sendable {
        /// Up to the title: `<!doctype html>…<title>`.
        let documentStart: String
        /// From after the title to the end of the body's attributes but live updates'.
        let titleEnd: String
        /// From the end of the body tag to the language form's CSRF value.
        let header: String
        /// The same on the video library's pages (its header link is the current page).
        let headerOnLibrary: String
        /// From after the language form's `back` value to the opening of the connectivity banner,
        /// for each tab shown (and nil).
        let navigation: [Tab?: String]
        /// From the end of `main` to the end of the document.
        let footer: String
        /// The same on the devices pages (the footer's link is the current page).
        let footerOnDevices: String

        private static let all = Dictionary(uniqueKeysWithValues: UILanguage.allCases.map { ($0, Chrome($0)) })

        static func of(_ language: UILanguage) -> Chrome {
            // Every language is in `all`.
            all[language] ?? Chrome(language)
        }

        private init(_ language: UILanguage) {
            let strings = language.strings
            var html = HTMLWriter(capacity: 1024)
            html.raw("<!doctype html>\n<html lang=\"")
            html.raw(language.rawValue)
            html.raw(
                "\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
                    + "<meta name=\"color-scheme\" content=\"light dark\"><title>")
            documentStart = html.html

            html = HTMLWriter(capacity: 1024)
            html.raw(" – ")
            html.text(strings.appName)
            html.raw("</title>" + PageLayout.headLinks)
            // Installable: the manifest of the page's language, and the bar's colour in light and dark.
            html.raw("<link rel=\"manifest\" href=\"\(WebAppManifest.path(language))\">")
            html.raw("<link rel=\"apple-touch-icon\" href=\"\(WebRoute.appIcon(name: AppIcon.any192.rawValue).path)\">")
            html.raw(
                "<meta name=\"theme-color\" media=\"(prefers-color-scheme: light)\" content=\"\(WebAppManifest.lightBackground)\">"
                    + "<meta name=\"theme-color\" media=\"(prefers-color-scheme: dark)\" content=\"\(WebAppManifest.darkBackground)\">"
            )
            html.raw("</head><body")
            // Where the page's script sends what the page cannot do itself (and, when live, follows its updates).
            html.raw(" data-action-url=\"\(WebRoute.action.path)\"")
            html.raw(" data-service-worker=\"\(WebRoute.serviceWorker.path)\"")
            // What the page says when the service worker opens a kept copy of it without a
            // connection (the script fills in how old it is).
            html.raw(" data-saved-note=\"")
            html.text(language.offline.keptNote.text)
            html.raw("\"")
            titleEnd = html.html

            header = Self.header(language, current: false)
            headerOnLibrary = Self.header(language, current: true)
            var navigation: [Tab?: String] = [:]
            for tab in Tab.allCases.map(Optional.some) + [nil] {
                navigation[tab] = Self.navigation(language, current: tab)
            }
            self.navigation = navigation
            footer = Self.footer(language, current: false)
            footerOnDevices = Self.footer(language, current: true)
        }

        private static func header(_ language: UILanguage, current: Bool) -> String {
            var html = HTMLWriter(capacity: 1024)
            html.raw("><header class=\"top\"><a class=\"brand\" href=\"\(WebRoute.movies.path)\">")
            html.text(language.strings.appName)
            // Six tabs do not fit a phone's bar: there the video library is a link up here instead.
            html.raw("</a><a class=\"header-library\" href=\"\(WebRoute.library.path)\"")
            if current { html.raw(" aria-current=\"page\"") }
            html.raw(">")
            html.text(label(.library, language))
            html.raw("</a>")
            html.raw("<form id=\"language-form\" method=\"post\" action=\"\(WebRoute.setLanguage.path)\" aria-label=\"")
            html.text(language.strings.languageLabel)
            html.raw("\"><input type=\"hidden\" name=\"csrf\" value=\"")
            return html.html
        }

        private static func navigation(_ language: UILanguage, current: Tab?) -> String {
            var html = HTMLWriter(capacity: 2048)
            html.raw("\">")
            for each in UILanguage.allCases {
                // The name, or on narrow phones its code (three names do not fit beside the title at 375 px).
                html.raw(
                    "<button type=\"submit\" name=\"language\" value=\"\(each.rawValue)\" lang=\"\(each.rawValue)\" aria-label=\"\(each.name)\""
                )
                html.raw(each == language ? " aria-pressed=\"true\">" : " aria-pressed=\"false\">")
                html.raw("<span class=\"language-name\">\(each.name)</span><span class=\"language-code\">")
                html.raw(each.rawValue.uppercased())
                html.raw("</span></button>")
            }
            html.raw("</form>")
            html.raw("</header><nav class=\"tabs\" aria-label=\"")
            html.text(language.strings.navigationLabel)
            html.raw("\">")
            for each in Tab.allCases {
                html.raw("<a href=\"\(each.route.path)\" data-tab=\"\(each.rawValue)\"")
                if each == current { html.raw(" aria-current=\"page\"") }
                html.raw(">")
                html.text(label(each, language))
                html.raw("</a>")
            }
            html.raw("</nav><main id=\"main\"><div id=\"\(PageLayout.connectivityID)\" aria-live=\"polite\">")
            return html.html
        }

        private static func footer(_ language: UILanguage, current: Bool) -> String {
            var html = HTMLWriter(capacity: 2048)
            html.raw("</main><footer class=\"page-footer\"><a href=\"\(WebRoute.devices.path)\"")
            if current { html.raw(" aria-current=\"page\"") }
            html.raw(">")
            html.text(language.devices.title)
            html.raw("</a></footer>")
            // The keyboard shortcuts, in a dialog the script opens with `?`.
            let strings = language.strings
            html.raw("<dialog id=\"help\" aria-labelledby=\"help-title\"><h2 id=\"help-title\">")
            html.text(strings.shortcutsTitle)
            html.raw("</h2><dl class=\"shortcuts\">")
            var pairs = strings.shortcuts[...]
            while let key = pairs.popFirst(), let meaning = pairs.popFirst() {
                html.raw("<div><dt><kbd>")
                html.text(key)
                html.raw("</kbd></dt><dd>")
                html.text(meaning)
                html.raw("</dd></div>")
            }
            html.raw("</dl><form method=\"dialog\"><button id=\"help-close\">")
            html.text(strings.close)
            html.raw("</button></form></dialog>")
            html.raw("</body></html>\n")
            return html.html
        }

        private static func label(_ tab: Tab, _ language: UILanguage) -> String {
            switch tab {
            case .movies: language.strings.moviesTab
            case .showtimes: language.strings.showtimesTab
            case .news: language.strings.newsTab
            case .bookmarks: language.strings.bookmarksTab
            case .library: language.editor.libraryTab
            case .international: language.charts.tab
            }
        }
    }

    /// The offline banner (nothing while online): the inside of `#connectivity`.
    static func connectivityBanner(_ notice: String?, into html: inout HTMLWriter) {
        guard let notice else { return }
        html.raw("<p class=\"offline\" role=\"status\">")
        html.text(notice)
        html.raw("</p>")
    }

    /// One labelled value of a `<dl class="facts">`: `Length` / `1 h 52 min`.
    static func fact(_ label: String, _ value: String, id: String? = nil, into html: inout HTMLWriter) {
        html.raw(id.map { "<div id=\"\($0)\"><dt>" } ?? "<div><dt>")
        html.text(label)
        html.raw("</dt><dd>")
        html.text(value)
        html.raw("</dd></div>")
    }

    /// The hidden fields every POST form carries: the CSRF token and the page to go back to.
    static func formFields(client: ClientState, back: String, into html: inout HTMLWriter) {
        html.raw("<input type=\"hidden\" name=\"csrf\" value=\"")
        html.text(client.csrf.value)
        html.raw("\"><input type=\"hidden\" name=\"back\" value=\"")
        html.text(back)
        html.raw("\">")
    }

    /// Notices shared by every screen: stale data, and failures.
    static func messages(stale: String?, error: String?, into html: inout HTMLWriter) {
        if let error {
            html.raw("<p class=\"error\" role=\"alert\">")
            html.text(error)
            html.raw("</p>")
        }
        if let stale {
            html.raw("<p class=\"notice\">")
            html.text(stale)
            html.raw("</p>")
        }
    }

    /// An image that keeps its space: the feed's image when this app can serve it, else an empty one.
    static func image(
        _ url: URL?, variant: ImageVariant, className: String, width: Int, height: Int, alt: String = "",
        into html: inout HTMLWriter
    ) {
        html.raw("<img class=\"\(className)\" src=\"")
        if let url, let key = ImageLink.key(for: url) {
            html.text(ImageLink.path(key: key, variant: ImageVariants.plain))
            // The page's script swaps this in once the plain image has loaded (see app.js).
            html.raw("\" data-decorated=\"")
            html.text(ImageLink.path(key: key, variant: variant))
        } else {
            html.text(blankImage)
        }
        html.raw("\" alt=\"")
        html.text(alt)
        html.raw("\" width=\"\(width)\" height=\"\(height)\" loading=\"lazy\" decoding=\"async\">")
    }

    /// A transparent 1×1 GIF.
    static let blankImage = "data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7"
}
