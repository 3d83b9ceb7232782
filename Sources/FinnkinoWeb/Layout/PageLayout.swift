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
    ) -> SafeHTML {
        let chrome = Chrome.of(client.language)
        var html = HTMLWriter()
        html.append(chrome.documentStart)
        html.text(title)
        html.append(chrome.titleEnd)
        html.open(
            "body",
            // Where the page's script sends what the page cannot do itself (and, when live, follows its updates).
            .attribute("data-action-url", WebRoute.action.path),
            .attribute("data-service-worker", WebRoute.serviceWorker.path),
            // What the page says when the service worker opens a kept copy of it without a
            // connection (the script fills in how old it is).
            .attribute("data-saved-note", chrome.savedNote),
            .attribute("data-live-updates", WebRoute.live.path, if: live),
            .attribute("data-live", path, if: live))
        html.append(tab == .library ? chrome.headerOnLibrary : chrome.header)
        // The language form's two fields of this request, then its buttons.
        Self.formFields(client: client, back: path, into: &html)
        html.append(chrome.navigation[tab] ?? .empty)
        Self.connectivityBanner(connectivity, into: &html)
        html.close("div")
        for notice in unavailable {
            html.element("p", .class("offline unavailable"), .role("alert"), text: notice)
        }
        if let flash = client.flash, !showsFlash {
            html.element("p", .class("flash"), .role("status"), text: flash)
        }
        main(&html)
        html.append(path.hasPrefix(WebRoute.devices.path) ? chrome.footerOnDevices : chrome.footer)
        return html.fragment
    }

    /// What every page in a language shows the same way, written once per language instead of once
    /// per request: the head, the header up to the language form's fields, the language buttons and
    /// the tab bar (one per tab shown, and one for none), and the footer with the shortcuts' dialog.
    /// `render` writes only the request's own parts between them.
    private struct Chrome: Sendable {
        /// Up to the title: `<!doctype html>…<title>`.
        let documentStart: SafeHTML
        /// From after the title to the end of the head.
        let titleEnd: SafeHTML
        /// The body's `data-saved-note`.
        let savedNote: String
        /// From the end of the body tag to the language form's hidden fields.
        let header: SafeHTML
        /// The same on the video library's pages (its header link is the current page).
        let headerOnLibrary: SafeHTML
        /// From after the language form's hidden fields to the opening of the connectivity banner,
        /// for each tab shown (and nil).
        let navigation: [Tab?: SafeHTML]
        /// From the end of `main` to the end of the document.
        let footer: SafeHTML
        /// The same on the devices pages (the footer's link is the current page).
        let footerOnDevices: SafeHTML

        private static let all = Dictionary(uniqueKeysWithValues: UILanguage.allCases.map { ($0, Chrome($0)) })

        static func of(_ language: UILanguage) -> Chrome {
            // Every language is in `all`.
            all[language] ?? Chrome(language)
        }

        private init(_ language: UILanguage) {
            let strings = language.strings
            documentStart = HTMLWriter.fragment { html in
                html.raw("<!doctype html>\n")
                html.open("html", .lang(language.rawValue))
                html.open("head")
                html.voidElement("meta", .attribute("charset", "utf-8"))
                html.voidElement(
                    "meta", .name("viewport"), .attribute("content", "width=device-width, initial-scale=1"))
                html.voidElement("meta", .name("color-scheme"), .attribute("content", "light dark"))
                html.open("title")
            }
            titleEnd = HTMLWriter.fragment { html in
                html.text(" – ")
                html.text(strings.appName)
                html.close("title")
                // The head's links: the icon, the style sheet and the script.
                html.voidElement(
                    "link", .rel("icon"), .href(WebRoute.staticFile(name: "icon.svg").path),
                    .type("image/svg+xml"))
                html.voidElement(
                    "link", .rel("stylesheet"), .href(WebRoute.staticFile(name: "app.css").path))
                html.element("script", .src(WebRoute.staticFile(name: "app.js").path), .flag("defer")) { _ in }
                // Installable: the manifest of the page's language, and the bar's colour in light and dark.
                html.voidElement("link", .rel("manifest"), .href(WebAppManifest.path(language)))
                html.voidElement(
                    "link", .rel("apple-touch-icon"),
                    .href(WebRoute.appIcon(name: AppIcon.any192.rawValue).path))
                html.voidElement(
                    "meta", .name("theme-color"), .attribute("media", "(prefers-color-scheme: light)"),
                    .attribute("content", WebAppManifest.lightBackground))
                html.voidElement(
                    "meta", .name("theme-color"), .attribute("media", "(prefers-color-scheme: dark)"),
                    .attribute("content", WebAppManifest.darkBackground))
                html.close("head")
            }
            savedNote = language.offline.keptNote.text
            header = Self.header(language, current: false)
            headerOnLibrary = Self.header(language, current: true)
            var navigation: [Tab?: SafeHTML] = [:]
            for tab in Tab.allCases.map(Optional.some) + [nil] {
                navigation[tab] = Self.navigation(language, current: tab)
            }
            self.navigation = navigation
            footer = Self.footer(language, current: false)
            footerOnDevices = Self.footer(language, current: true)
        }

        private static func header(_ language: UILanguage, current: Bool) -> SafeHTML {
            HTMLWriter.fragment { html in
                html.open("header", .class("top"))
                html.element("a", .class("brand"), .href(WebRoute.movies.path), text: language.strings.appName)
                // Six tabs do not fit a phone's bar: there the video library is a link up here instead.
                html.element(
                    "a", .class("header-library"), .href(WebRoute.library.path), .current(current),
                    text: label(.library, language))
                html.open(
                    "form", .id("language-form"), .method("post"), .action(WebRoute.setLanguage.path),
                    .ariaLabel(language.strings.languageLabel))
            }
        }

        private static func navigation(_ language: UILanguage, current: Tab?) -> SafeHTML {
            HTMLWriter.fragment(capacity: 2048) { html in
                for each in UILanguage.allCases {
                    // The name, or on narrow phones its code (three names do not fit beside the title at 375 px).
                    html.element(
                        "button", .type("submit"), .name("language"), .value(each.rawValue), .lang(each.rawValue),
                        .ariaLabel(each.name), .attribute("aria-pressed", each == language ? "true" : "false")
                    ) { html in
                        html.element("span", .class("language-name"), text: each.name)
                        html.element("span", .class("language-code"), text: each.rawValue.uppercased())
                    }
                }
                html.close("form")
                html.close("header")
                html.element("nav", .class("tabs"), .ariaLabel(language.strings.navigationLabel)) { html in
                    for each in Tab.allCases {
                        html.element(
                            "a", .href(each.route.path), .attribute("data-tab", each.rawValue),
                            .current(each == current),
                            text: label(each, language))
                    }
                }
                html.open("main", .id("main"))
                html.open("div", .id(PageLayout.connectivityID), .attribute("aria-live", "polite"))
            }
        }

        private static func footer(_ language: UILanguage, current: Bool) -> SafeHTML {
            HTMLWriter.fragment(capacity: 2048) { html in
                html.close("main")
                html.element("footer", .class("page-footer")) { html in
                    html.element("a", .href(WebRoute.devices.path), .current(current), text: language.devices.title)
                }
                // The keyboard shortcuts, in a dialog the script opens with `?`.
                let strings = language.strings
                html.element("dialog", .id("help"), .attribute("aria-labelledby", "help-title")) { html in
                    html.element("h2", .id("help-title"), text: strings.shortcutsTitle)
                    html.element("dl", .class("shortcuts")) { html in
                        var pairs = strings.shortcuts[...]
                        while let key = pairs.popFirst(), let meaning = pairs.popFirst() {
                            html.element("div") { html in
                                html.element("dt") { html in html.element("kbd", text: key) }
                                html.element("dd", text: meaning)
                            }
                        }
                    }
                    html.element("form", .method("dialog")) { html in
                        html.element("button", .id("help-close"), text: strings.close)
                    }
                }
                html.close("body")
                html.close("html")
                html.raw("\n")
            }
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
        html.element("p", .class("offline"), .role("status"), text: notice)
    }

    /// One labelled value of a `<dl class="facts">`: `Length` / `1 h 52 min`.
    static func fact(_ label: String, _ value: String, id: String? = nil, into html: inout HTMLWriter) {
        html.element("div", .id(id)) { html in
            html.element("dt", text: label)
            html.element("dd", text: value)
        }
    }

    /// The hidden fields every POST form carries: the CSRF token and the page to go back to.
    static func formFields(client: ClientState, back: String, into html: inout HTMLWriter) {
        html.voidElement("input", .type("hidden"), .name("csrf"), .value(client.csrf.value))
        html.voidElement("input", .type("hidden"), .name("back"), .value(back))
    }

    /// Notices shared by every screen: stale data, and failures.
    static func messages(
        stale: String?, error: String?, missingTheatres: MissingTheatres? = nil, into html: inout HTMLWriter
    ) {
        if let error { html.element("p", .class("error"), .role("alert"), text: error) }
        if let stale { html.element("p", .class("notice"), text: stale) }
        if let missingTheatres {
            html.element("p", .class("notice missing-theatres")) { html in
                html.text(missingTheatres.text)
                html.text(" ")
                html.element(
                    "a", .href(missingTheatres.url), .rel("noopener"), .attribute("hreflang", "fi"),
                    text: missingTheatres.linkLabel)
            }
        }
    }

    /// An image that keeps its space: the feed's image when this app can serve it, else an empty one.
    static func image(
        _ url: URL?, variant: ImageVariant, className: String, width: Int, height: Int, alt: String = "",
        into html: inout HTMLWriter
    ) {
        let key = url.flatMap { ImageLink.key(for: $0) }
        html.voidElement(
            "img", .class(className),
            .src(key.map { ImageLink.path(key: $0, variant: ImageVariants.plain) } ?? blankImage),
            // The page's script swaps this in once the plain image has loaded (see app.js).
            .attribute("data-decorated", key.map { ImageLink.path(key: $0, variant: variant) }),
            .alt(alt), .attribute("width", width), .attribute("height", height), .attribute("loading", "lazy"),
            .attribute("decoding", "async"))
    }

    /// A transparent 1×1 GIF.
    static let blankImage = "data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7"
}
