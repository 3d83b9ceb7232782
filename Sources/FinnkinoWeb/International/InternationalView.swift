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

    static func page(_ outputs: ChartsViewModel.Outputs, layout: PageLayout) -> SafeHTML {
        let words = layout.client.language.charts
        return layout.render(title: words.title(outputs.list), tab: .international, live: false) { html in
            html.element("h1", text: words.tab)
            html.element("nav", .class("chart-switch"), .ariaLabel(words.tab)) { html in
                for list in ChartList.allCases {
                    html.element(
                        "a", .href(path(list, page: 1)), .attribute("data-list", InternationalQuery.name(list)),
                        .current(list == outputs.list), text: words.title(list))
                }
            }
            html.element("div", .id(listID)) { html in
                html.append(rows(outputs, layout: layout))
            }
            html.element("p", .class("source-note"), text: words.source)
        }
    }

    /// The rows of one page and the link to the next: the inside of `#chart`, and what the script
    /// appends (`/international/rows?list=…&page=N`).
    static func rows(_ outputs: ChartsViewModel.Outputs, layout: PageLayout) -> SafeHTML {
        let words = layout.client.language.charts
        var html = HTMLWriter()
        PageLayout.messages(stale: outputs.staleNotice, error: outputs.errorMessage, into: &html)
        if let empty = outputs.emptyMessage {
            html.element("p", .class("empty"), text: empty)
        }
        if !outputs.rows.isEmpty {
            let start = (outputs.page - 1) * 20 + 1
            html.element("ol", .class("movies chart-movies"), .attribute("start", start)) { html in
                for row in outputs.rows {
                    html.element("li", .class("movie")) { html in
                        html.element(
                            "a", .class("movie-link"), .href(WebRoute.internationalMovie(id: row.id).path)
                        ) { html in
                            PageLayout.image(
                                row.posterURL, variant: ImageVariants.chartThumbnail, className: "thumb", width: 92,
                                height: 138, into: &html)
                            html.element("span", .class("movie-title"), text: row.title)
                            html.element("span", .class("movie-length"), text: row.facts)
                        }
                    }
                }
            }
        }
        if let next = outputs.nextPage {
            html.element(
                "a", .class("button more"), .id("more"), .rel("next"),
                .href(path(outputs.list, page: next)),
                .attribute(
                    "data-rows", WebRoute.internationalRows.path(InternationalQuery(list: outputs.list, page: next))),
                text: words.more)
        }
        return html.fragment
    }
}
