import WebSupport

/// The frame of every Musicify page: the document's head (viewport, colour schemes, the style
/// sheet and icon), the header with the app's name, the page's own content, and the footer. It
/// writes nothing about how the screen was built: every architecture gets the same page.
enum PageFrame {
    /// Where the app serves its style sheet and icon.
    static let styleSheetPath = "/static/musicify.css"
    static let iconPath = "/static/musicify-icon.svg"

    /// A whole page titled `title` (then "Musicify"), with `heading` under the app's name and
    /// `main` written by the caller.
    static func render(
        title: String, heading: String, capacity: Int = 4_096, main: (inout HTMLWriter) -> Void
    ) -> SafeHTML {
        var html = HTMLWriter(capacity: capacity)
        html.raw("<!doctype html>\n")
        html.element("html", .lang("en")) { html in
            html.raw("\n")
            html.element("head") { html in
                html.raw("\n")
                html.voidElement("meta", .attribute("charset", "utf-8"))
                html.raw("\n")
                html.voidElement(
                    "meta", .name("viewport"), .attribute("content", "width=device-width, initial-scale=1"))
                html.raw("\n")
                html.voidElement("meta", .name("color-scheme"), .attribute("content", "light dark"))
                html.raw("\n")
                html.element("title", text: title + " · Musicify")
                html.raw("\n")
                html.voidElement("link", .rel("stylesheet"), .href(styleSheetPath))
                html.raw("\n")
                html.voidElement("link", .rel("icon"), .href(iconPath), .type("image/svg+xml"))
                html.raw("\n")
            }
            html.raw("\n")
            html.element("body") { html in
                html.raw("\n")
                html.element("header", .class("masthead")) { html in
                    html.element("div", .class("frame")) { html in
                        html.element("a", .class("brand"), .href("/")) { html in
                            html.voidElement(
                                "img", .class("brand-icon"), .src(iconPath), .alt(""), .attribute("width", 28),
                                .attribute("height", 28))
                            html.text("Musicify")
                        }
                        html.raw("\n")
                        html.element("h1", text: heading)
                    }
                }
                html.raw("\n")
                html.element("main", .class("frame")) { html in
                    html.raw("\n")
                    main(&html)
                }
                html.raw("\n")
                html.element("footer", .class("footer")) { html in
                    html.element("div", .class("frame")) { html in
                        html.element(
                            "p", text: "Musicify: the latest most-played songs. Select a song to open its page.")
                    }
                }
                html.raw("\n")
            }
            html.raw("\n")
        }
        html.raw("\n")
        return html.fragment
    }
}
