import FinnkinoKit
import FinnkinoPresentation
import Foundation
import WebSupport

/// Renders the News screen's outputs: a row of cards per category.
enum NewsView {
    static let fragmentID = "news"

    static func page(_ outputs: NewsViewModel.Outputs, layout: PageLayout) -> String {
        let strings = layout.client.strings
        return layout.render(title: strings.newsTab, tab: .news, live: true) { html in
            html.raw("<h1>")
            html.text(strings.newsTab)
            html.raw("</h1><nav class=\"categories\" aria-label=\"")
            html.text(strings.newsTab)
            html.raw("\"><a href=\"\(WebRoute.news.path)\"")
            if outputs.categoryID == nil { html.raw(" aria-current=\"page\"") }
            html.raw(">")
            html.text(strings.allCategories)
            html.raw("</a>")
            for category in outputs.allCategories {
                html.raw("<a href=\"\(WebRoute.news.path(NewsQuery(category: category.id)))\"")
                if outputs.categoryID == category.id { html.raw(" aria-current=\"page\"") }
                html.raw(">")
                html.text(category.name)
                html.raw("</a>")
            }
            html.raw("</nav><div id=\"\(fragmentID)\" aria-live=\"polite\">")
            categories(outputs, into: &html)
            html.raw("</div>")
        }
    }

    /// The inside of `#news`.
    static func categories(_ outputs: NewsViewModel.Outputs) -> String {
        var html = HTMLWriter()
        categories(outputs, into: &html)
        return html.html
    }

    private static func categories(_ outputs: NewsViewModel.Outputs, into html: inout HTMLWriter) {
        PageLayout.messages(stale: outputs.staleNotice, error: outputs.errorMessage, into: &html)
        if let empty = outputs.emptyMessage {
            html.raw("<p class=\"empty\">")
            html.text(empty)
            html.raw("</p>")
        }
        for category in outputs.categories {
            html.raw("<section class=\"category\"><h2>")
            html.text(category.name)
            html.raw("</h2><ul class=\"cards\">")
            for card in category.cards {
                html.raw("<li class=\"card\"><a href=\"")
                html.text(WebRoute.article(id: card.id).path)
                html.raw("\">")
                PageLayout.image(
                    card.thumbnailURL, variant: ImageVariants.newsCard, className: "card-image", width: 148, height: 83,
                    into: &html)
                html.raw("<span class=\"card-title\">")
                html.text(card.title)
                html.raw("</span><span class=\"card-date\">")
                html.text(card.date)
                html.raw("</span></a></li>")
            }
            html.raw("</ul></section>")
        }
    }
}
