import FinnkinoKit
import FinnkinoPresentation
import WebSupport

/// Renders the Bookmarks screen's outputs: the list with a checkbox per movie (remove one or
/// several), the "Removed … – Undo" banner after a removal, and undo and redo.
enum BookmarksView {
    static let listID = "bookmarks"

    /// The page's address with the area its next shows are in.
    static func path(area: Int) -> String { WebRoute.bookmarks.path(BookmarksQuery(area: area)) }

    /// The page; `wanted` is the section of the movies the person waits for, below the list.
    static func page(
        _ outputs: BookmarksViewModel.Outputs, wanted: SafeHTML, together: SafeHTML, layout: PageLayout
    ) -> SafeHTML {
        let strings = layout.client.strings
        return layout.render(title: strings.bookmarksTab, tab: .bookmarks, live: true, showsFlash: true) { html in
            html.element("h1", text: strings.bookmarksTab)
            html.element("div", .id(listID)) { html in
                list(outputs, layout: layout, into: &html)
            }
            html.append(wanted)
            html.element("p", .class("watchlist-link")) { html in
                html.element(
                    "a", .href(WebRoute.watchlist.path), .id("open-watchlist"),
                    text: layout.client.language.watchlist.openImport)
            }
            html.append(together)
        }
    }

    /// The inside of `#bookmarks` (also pushed live when the bookmarks change).
    static func list(_ outputs: BookmarksViewModel.Outputs, layout: PageLayout) -> SafeHTML {
        HTMLWriter.fragment { html in list(outputs, layout: layout, into: &html) }
    }

    private static func list(_ outputs: BookmarksViewModel.Outputs, layout: PageLayout, into html: inout HTMLWriter) {
        let strings = layout.client.strings
        PageLayout.messages(stale: nil, error: outputs.errorMessage, into: &html)
        // The banner of the change just made: the view model's, or the one a form's redirect left.
        let bannerMessage = outputs.undoBanner?.message ?? layout.client.flash
        let showsBanner = bannerMessage != nil
        if let message = bannerMessage {
            html.element("div", .class("undo-banner"), .role("status")) { html in
                html.element("span", text: message)
                if outputs.canUndo {
                    historyButton(
                        "undo", label: outputs.undoBanner?.actionTitle ?? strings.undo, layout: layout, into: &html)
                }
            }
        }
        html.element("div", .class("history")) { html in
            if outputs.canUndo, !showsBanner { historyButton("undo", label: strings.undo, layout: layout, into: &html) }
            if outputs.canRedo { historyButton("redo", label: strings.redo, layout: layout, into: &html) }
        }
        if let empty = outputs.emptyMessage {
            html.element("p", .class("empty"), text: empty)
            return
        }
        html.element(
            "form", .id("bookmarks-form"), .method("post"), .action(WebRoute.removeBookmarks.path)
        ) { html in
            PageLayout.formFields(client: layout.client, back: WebRoute.bookmarks.path, into: &html)
            html.element("ul", .class("bookmark-list")) { html in
                for row in outputs.rows {
                    let movie = Bookmark.Key(row.source, row.movieID)
                    let key = movie.formValue
                    let pick =
                        row.source == .finnkino ? "pick-\(row.movieID)" : "pick-\(row.source.rawValue)-\(row.movieID)"
                    let link = ActionPage.path(of: movie)
                    html.element("li", .class("bookmark"), .attribute("data-movie", key)) { html in
                        html.voidElement(
                            "input", .type("checkbox"), .name("movie"), .value(key), .id(pick), .ariaLabel(row.title))
                        PageLayout.image(
                            row.posterURL, variant: ImageVariants.bookmarkCard, className: "thumb", width: 66,
                            height: 97, into: &html)
                        html.element("div", .class("bookmark-text")) { html in
                            html.element("a", .class("title-link"), .href(link), text: row.title)
                            html.element("span", .class("next-show"), text: row.showing)
                            html.element("span", .class("added"), text: row.added)
                        }
                        html.element(
                            "button", .type("submit"), .name("only"), .value(key), .class("remove"),
                            .ariaLabel(strings.removeBookmark + ": " + row.title), text: strings.remove)
                    }
                }
            }
            html.element("button", .type("submit"), .id("remove-selected"), text: strings.removeSelected)
        }
    }

    /// An undo or redo button: a POST of the action to the responder chain.
    private static func historyButton(_ action: String, label: String, layout: PageLayout, into html: inout HTMLWriter)
    {
        html.element("form", .class("action"), .method("post"), .action(WebRoute.action.path)) { html in
            PageLayout.formFields(client: layout.client, back: WebRoute.bookmarks.path, into: &html)
            html.voidElement("input", .type("hidden"), .name("action"), .value(action))
            html.element("button", .type("submit"), .attribute("data-action", action), text: label)
        }
    }
}
