import FinnkinoKit
import FinnkinoPresentation
import WebSupport

/// The movies a person is not interested in, each with a button that brings it back, and one
/// that brings them all back.
enum HiddenMoviesView {
    static func page(_ outputs: HiddenMoviesViewModel.Outputs, layout: PageLayout) -> String {
        let words = layout.client.language.shows
        return layout.render(title: words.hiddenMovies, tab: .movies, live: false) { html in
            html.raw("<h1>")
            html.text(words.hiddenMovies)
            html.raw("</h1>")
            if let empty = outputs.emptyMessage {
                html.raw("<p class=\"empty\">")
                html.text(empty)
                html.raw("</p>")
                return
            }
            html.raw("<ul class=\"hidden-movies\">")
            for row in outputs.rows {
                html.raw("<li class=\"hidden-movie\">")
                if row.isListed {
                    PageLayout.image(
                        row.thumbnailURL, variant: ImageVariants.bookmarkCard, className: "thumb", width: 66,
                        height: 97, into: &html)
                    html.raw("<a href=\"\(WebRoute.movie(id: row.id).path)\">")
                    html.text(row.title)
                    html.raw("</a>")
                } else {
                    html.raw("<span>")
                    html.text(row.title)
                    html.raw("</span>")
                }
                MovieView.interestForm(
                    movie: row.id, hidden: true, back: WebRoute.hiddenMovies.path, layout: layout, into: &html)
                html.raw("</li>")
            }
            html.raw("</ul><form method=\"post\" action=\"\(WebRoute.bringAllBack.path)\">")
            PageLayout.formFields(client: layout.client, back: WebRoute.hiddenMovies.path, into: &html)
            html.raw("<button type=\"submit\" id=\"bring-all-back\">")
            html.text(words.bringAllBack)
            html.raw("</button></form>")
        }
    }
}
