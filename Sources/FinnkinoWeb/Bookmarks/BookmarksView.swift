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
    static func page(_ outputs: BookmarksViewModel.Outputs, wanted: String, layout: PageLayout) -> String {
        let strings = layout.client.strings
        return layout.render(title: strings.bookmarksTab, tab: .bookmarks, live: true, showsFlash: true) { html in
            html.raw("<h1>")
            html.text(strings.bookmarksTab)
            html.raw("</h1><div id=\"\(listID)\">")
            list(outputs, layout: layout, into: &html)
            html.raw("</div>")
            html.raw(wanted)
        }
    }

    /// The inside of `#bookmarks` (also pushed live when the bookmarks change).
    static func list(_ outputs: BookmarksViewModel.Outputs, layout: PageLayout) -> String {
        var html = HTMLWriter()
        list(outputs, layout: layout, into: &html)
        return html.html
    }

    private static func list(_ outputs: BookmarksViewModel.Outputs, layout: PageLayout, into html: inout HTMLWriter) {
        let strings = layout.client.strings
        PageLayout.messages(stale: nil, error: outputs.errorMessage, into: &html)
        // The banner of the change just made: the view model's, or the one a form's redirect left.
        let bannerMessage = outputs.undoBanner?.message ?? layout.client.flash
        let showsBanner = bannerMessage != nil
        if let message = bannerMessage {
            html.raw("<div class=\"undo-banner\" role=\"status\"><span>")
            html.text(message)
            html.raw("</span>")
            if outputs.canUndo {
                historyButton(
                    "undo", label: outputs.undoBanner?.actionTitle ?? strings.undo, layout: layout, into: &html)
            }
            html.raw("</div>")
        }
        html.raw("<div class=\"history\">")
        if outputs.canUndo, !showsBanner { historyButton("undo", label: strings.undo, layout: layout, into: &html) }
        if outputs.canRedo { historyButton("redo", label: strings.redo, layout: layout, into: &html) }
        html.raw("</div>")
        if let empty = outputs.emptyMessage {
            html.raw("<p class=\"empty\">")
            html.text(empty)
            html.raw("</p>")
            return
        }
        html.raw("<form id=\"bookmarks-form\" method=\"post\" action=\"\(WebRoute.removeBookmarks.path)\">")
        PageLayout.formFields(client: layout.client, back: WebRoute.bookmarks.path, into: &html)
        html.raw("<ul class=\"bookmark-list\">")
        for row in outputs.rows {
            let movie = Bookmark.Key(row.source, row.movieID)
            let key = movie.formValue
            let pick = row.source == .finnkino ? "pick-\(row.movieID)" : "pick-\(row.source.rawValue)-\(row.movieID)"
            let link = ActionPage.path(of: movie)
            html.raw(
                "<li class=\"bookmark\" data-movie=\"\(key)\"><input type=\"checkbox\" name=\"movie\" value=\"\(key)\" id=\"\(pick)\" aria-label=\""
            )
            html.text(row.title)
            html.raw("\">")
            PageLayout.image(
                row.posterURL, variant: ImageVariants.bookmarkCard, className: "thumb", width: 66, height: 97,
                into: &html)
            html.raw("<div class=\"bookmark-text\"><a class=\"title-link\" href=\"\(link)\">")
            html.text(row.title)
            html.raw("</a><span class=\"next-show\">")
            html.text(row.showing)
            html.raw("</span><span class=\"added\">")
            html.text(row.added)
            html.raw(
                "</span></div><button type=\"submit\" name=\"only\" value=\"\(key)\" class=\"remove\" aria-label=\""
            )
            html.text(strings.removeBookmark + ": " + row.title)
            html.raw("\">")
            html.text(strings.remove)
            html.raw("</button></li>")
        }
        html.raw("</ul><button type=\"submit\" id=\"remove-selected\">")
        html.text(strings.removeSelected)
        html.raw("</button></form>")
    }

    /// An undo or redo button: a POST of the action to the responder chain.
    private static func historyButton(_ action: String, label: String, layout: PageLayout, into html: inout HTMLWriter)
    {
        html.raw("<form class=\"action\" method=\"post\" action=\"\(WebRoute.action.path)\">")
        PageLayout.formFields(client: layout.client, back: WebRoute.bookmarks.path, into: &html)
        html.raw(
            "<input type=\"hidden\" name=\"action\" value=\"\(action)\"><button type=\"submit\" data-action=\"\(action)\">"
        )
        html.text(label)
        html.raw("</button></form>")
    }
}
