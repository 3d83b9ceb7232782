import FinnkinoKit
import FinnkinoPresentation
import WebSupport

/// The International tab: a switch between the three lists, and the list a page at a time; the
/// page's script appends the next page as the person scrolls near the end, and without a script
/// the "More movies" link opens it.
enum InternationalView {
    static let listID = "chart"

    static func path(_ list: ChartList, page: Int) -> String {
        WebRoute.international.path(InternationalQuery(list: list, page: page))
    }

    static func page(_ outputs: ChartsViewModel.Outputs, layout: PageLayout) -> String {
        let words = layout.client.language.charts
        return layout.render(title: words.title(outputs.list), tab: .international, live: false) { html in
            html.raw("<h1>")
            html.text(words.tab)
            html.raw("</h1><nav class=\"chart-switch\" aria-label=\"")
            html.text(words.tab)
            html.raw("\">")
            for list in ChartList.allCases {
                html.raw("<a href=\"\(path(list, page: 1))\" data-list=\"\(InternationalQuery.name(list))\"")
                if list == outputs.list { html.raw(" aria-current=\"page\"") }
                html.raw(">")
                html.text(words.title(list))
                html.raw("</a>")
            }
            html.raw("</nav><div id=\"\(listID)\">")
            html.raw(rows(outputs, layout: layout))
            html.raw("</div><p class=\"source-note\">")
            html.text(words.source)
            html.raw("</p>")
        }
    }

    /// The rows of one page and the link to the next: the inside of `#chart`, and what the script
    /// appends (`/international/rows?list=…&page=N`).
    static func rows(_ outputs: ChartsViewModel.Outputs, layout: PageLayout) -> String {
        let words = layout.client.language.charts
        var html = HTMLWriter()
        PageLayout.messages(stale: outputs.staleNotice, error: outputs.errorMessage, into: &html)
        if let empty = outputs.emptyMessage {
            html.raw("<p class=\"empty\">")
            html.text(empty)
            html.raw("</p>")
        }
        if !outputs.rows.isEmpty {
            html.raw("<ol class=\"movies chart-movies\" start=\"\((outputs.page - 1) * 20 + 1)\">")
            for row in outputs.rows {
                html.raw(
                    "<li class=\"movie\"><a class=\"movie-link\" href=\"\(WebRoute.internationalMovie(id: row.id).path)\">"
                )
                PageLayout.image(
                    row.posterURL, variant: ImageVariants.chartThumbnail, className: "thumb", width: 92, height: 138,
                    into: &html)
                html.raw("<span class=\"movie-title\">")
                html.text(row.title)
                html.raw("</span><span class=\"movie-length\">")
                html.text(row.facts)
                html.raw("</span></a></li>")
            }
            html.raw("</ol>")
        }
        if let next = outputs.nextPage {
            html.raw("<a class=\"button more\" id=\"more\" rel=\"next\" href=\"")
            html.text(path(outputs.list, page: next))
            html.raw("\" data-rows=\"")
            html.text(WebRoute.internationalRows.path(InternationalQuery(list: outputs.list, page: next)))
            html.raw("\">")
            html.text(words.more)
            html.raw("</a>")
        }
        return html.html
    }
}
