import FinnkinoKit
import FinnkinoPresentation

/// Renders the Article screen's outputs; the content is sanitised to an allow-list here.
enum ArticleView {
    static func page(_ outputs: ArticleViewModel.Outputs, layout: PageLayout) -> String {
        let strings = layout.client.strings
        let title = outputs.errorMessage == nil ? outputs.title : strings.articleScreen
        return layout.render(title: title, tab: .news, live: false) { html in
            if let error = outputs.errorMessage {
                html.raw("<h1>")
                html.text(strings.articleScreen)
                html.raw("</h1>")
                PageLayout.messages(stale: nil, error: error, into: &html)
                return
            }
            html.raw("<article class=\"article\"><h1 class=\"article-title\">")
            html.text(outputs.title)
            html.raw("</h1><p class=\"article-date\">")
            html.text(outputs.date)
            html.raw("</p>")
            if !outputs.lead.isEmpty {
                html.raw("<p class=\"lead\">")
                html.text(outputs.lead)
                html.raw("</p>")
            }
            if outputs.imageURL != nil {
                PageLayout.image(
                    outputs.imageURL, variant: ImageVariants.article, className: "article-image", width: 440,
                    height: 248,
                    into: &html)
            }
            html.raw("<div class=\"article-content\">")
            html.raw(HTMLSanitizer.sanitize(outputs.contentHTML))
            html.raw("</div><p><a href=\"\(WebRoute.news.path)\">")
            html.text(strings.newsTab)
            html.raw("</a></p></article>")
        }
    }
}
