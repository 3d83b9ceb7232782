import FinnkinoKit
import FinnkinoPresentation
import Foundation
import WebSupport

/// Renders the News screen's outputs: a row of cards per category.
enum NewsView {
    static let fragmentID = "news"

    static func page(_ outputs: NewsViewModel.Outputs, layout: PageLayout) -> SafeHTML {
        let strings = layout.client.strings
        return layout.render(title: strings.newsTab, tab: .news, live: true) { html in
            html.element("h1", text: strings.newsTab)
            html.element("nav", .class("categories"), .ariaLabel(strings.newsTab)) { html in
                html.element(
                    "a", .href(WebRoute.news.path), .current(outputs.categoryID == nil), text: strings.allCategories)
                for category in outputs.allCategories {
                    html.element(
                        "a", .href(WebRoute.news.path(NewsQuery(category: category.id))),
                        .current(outputs.categoryID == category.id), text: category.name)
                }
            }
            html.element("div", .id(fragmentID), .attribute("aria-live", "polite")) { html in
                categories(outputs, into: &html)
            }
        }
    }

    /// The inside of `#news`.
    static func categories(_ outputs: NewsViewModel.Outputs) -> SafeHTML {
        HTMLWriter.fragment { html in categories(outputs, into: &html) }
    }

    private static func categories(_ outputs: NewsViewModel.Outputs, into html: inout HTMLWriter) {
        PageLayout.messages(stale: outputs.staleNotice, error: outputs.errorMessage, into: &html)
        if let empty = outputs.emptyMessage {
            html.element("p", .class("empty"), text: empty)
        }
        for category in outputs.categories {
            html.element("section", .class("category")) { html in
                html.element("h2", text: category.name)
                html.element("ul", .class("cards")) { html in
                    for card in category.cards {
                        html.element("li", .class("card")) { html in
                            html.element("a", .href(WebRoute.article(id: card.id).path)) { html in
                                PageLayout.image(
                                    card.thumbnailURL, variant: ImageVariants.newsCard, className: "card-image",
                                    width: 148, height: 83, into: &html)
                                html.element("span", .class("card-title"), text: card.title)
                                html.element("span", .class("card-date"), text: card.date)
                            }
                        }
                    }
                }
            }
        }
    }
}
