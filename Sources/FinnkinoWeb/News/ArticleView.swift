import FinnkinoKit
import FinnkinoPresentation
import WebSupport

/// Renders the Article screen's outputs; the content is sanitised to an allow-list here.
enum ArticleView {
    static func page(_ outputs: ArticleViewModel.Outputs, layout: PageLayout) -> SafeHTML {
        let strings = layout.client.strings
        let title = outputs.errorMessage == nil ? outputs.title : strings.articleScreen
        return layout.render(title: title, tab: .news, live: false) { html in
            if let error = outputs.errorMessage {
                html.element("h1", text: strings.articleScreen)
                PageLayout.messages(stale: nil, error: error, into: &html)
                return
            }
            html.element("article", .class("article")) { html in
                html.element("h1", .class("article-title"), text: outputs.title)
                html.element("p", .class("article-date"), text: outputs.date)
                if !outputs.lead.isEmpty { html.element("p", .class("lead"), text: outputs.lead) }
                if outputs.imageURL != nil {
                    PageLayout.image(
                        outputs.imageURL, variant: ImageVariants.article, className: "article-image", width: 440,
                        height: 248, into: &html)
                }
                html.element("div", .class("article-content")) { html in
                    html.append(HTMLSanitizer.sanitize(outputs.contentHTML))
                }
                html.element("p") { html in html.element("a", .href(WebRoute.news.path), text: strings.newsTab) }
            }
        }
    }
}
