import FinnkinoKit
import FinnkinoPresentation
import WebSupport

/// An international movie's page.
enum ChartMovieView {
    static func page(_ outputs: ChartMovieViewModel.Outputs, layout: PageLayout) -> String {
        let strings = layout.client.strings
        let words = layout.client.language.charts
        let title = outputs.errorMessage == nil ? outputs.title : words.tab
        return layout.render(title: title, tab: .international, live: false) { html in
            guard outputs.errorMessage == nil, let id = outputs.movieID else {
                html.raw("<h1>")
                html.text(words.tab)
                html.raw("</h1>")
                PageLayout.messages(stale: nil, error: outputs.errorMessage, into: &html)
                html.raw("<p><a href=\"\(WebRoute.international.path)\">")
                html.text(words.boxOffice)
                html.raw("</a></p>")
                return
            }
            html.raw("<article class=\"movie-detail\">")
            PageLayout.image(
                outputs.posterURL, variant: ImageVariants.chartPoster, className: "poster", width: 198, height: 297,
                alt: outputs.title, into: &html)
            html.raw("<div class=\"about\"><h1 class=\"movie-title\">")
            html.text(outputs.title)
            html.raw("</h1>")
            if let original = outputs.originalTitle {
                html.raw("<p class=\"original-title\">")
                html.text(original)
                html.raw("</p>")
            }
            if let tagline = outputs.tagline {
                html.raw("<p class=\"tagline\">")
                html.text(tagline)
                html.raw("</p>")
            }
            html.raw("<dl class=\"facts\">")
            for each in outputs.facts { PageLayout.fact(each.label, each.value, into: &html) }
            PageLayout.fact(words.audience, outputs.audience, id: "audience", into: &html)
            html.raw("</dl>")
            if !outputs.critics.isEmpty {
                html.raw("<h2>")
                html.text(words.critics)
                html.raw("</h2><ul class=\"scores\" id=\"critics\">")
                for score in outputs.critics {
                    html.raw("<li><span class=\"score-source\">")
                    html.text(score.source)
                    html.raw("</span> <strong>")
                    html.text(score.value)
                    html.raw("</strong></li>")
                }
                html.raw("</ul>")
            }
            if let directors = outputs.directors { labelled(words.director, directors, into: &html) }
            if let cast = outputs.cast { labelled(words.cast, cast, into: &html) }
            if let overview = outputs.overview {
                html.raw("<div class=\"synopsis\"><p>")
                html.text(overview)
                html.raw("</p></div>")
            }
            html.raw("<p class=\"actions\">")
            if let trailer = outputs.trailerURL {
                html.raw("<a id=\"trailer-link\" class=\"button\" rel=\"noopener\" href=\"")
                html.text(trailer.absoluteString)
                html.raw("\">")
                html.text(words.trailer)
                html.raw("</a>")
            }
            html.raw("</p><form id=\"bookmark-form\" method=\"post\" action=\"\(WebRoute.toggleBookmark.path)\">")
            PageLayout.formFields(client: layout.client, back: layout.path, into: &html)
            html.raw("<input type=\"hidden\" name=\"movie\" value=\"")
            html.text(Bookmark.Key(.international, id).formValue)
            html.raw("\"><button type=\"submit\" id=\"bookmark\"")
            html.raw(outputs.isBookmarked ? " aria-pressed=\"true\">" : " aria-pressed=\"false\">")
            html.text(outputs.isBookmarked ? strings.removeBookmark : strings.addBookmark)
            html.raw("</button></form><p class=\"source-note\">")
            html.text(words.source)
            html.raw("</p></div></article>")
        }
    }

    private static func labelled(_ label: String, _ value: String, into html: inout HTMLWriter) {
        html.raw("<p><span class=\"label\">")
        html.text(label)
        html.raw("</span> ")
        html.text(value)
        html.raw("</p>")
    }
}
