import FinnkinoKit
import FinnkinoPresentation
import WebSupport

/// The movies a person is not interested in, each with a button that brings it back.
enum HiddenMoviesView {
    static func page(_ movies: [(id: Int, movie: Event?)], layout: PageLayout) -> String {
        let words = layout.client.language.shows
        return layout.render(title: words.hiddenMovies, tab: .movies, live: false) { html in
            html.raw("<h1>")
            html.text(words.hiddenMovies)
            html.raw("</h1>")
            guard !movies.isEmpty else {
                html.raw("<p class=\"empty\">")
                html.text(words.noHiddenMovies)
                html.raw("</p>")
                return
            }
            html.raw("<ul class=\"hidden-movies\">")
            for (id, movie) in movies {
                html.raw("<li class=\"hidden-movie\">")
                if let movie {
                    PageLayout.image(
                        movie.images.thumbnail, variant: ImageVariants.bookmarkCard, className: "thumb", width: 66,
                        height: 97, into: &html)
                    html.raw("<a href=\"\(WebRoute.movie(id: id).path)\">")
                    html.text(movie.title)
                    html.raw("</a>")
                } else {
                    html.raw("<span>")
                    html.text(words.movieNoLongerListed(String(id)))
                    html.raw("</span>")
                }
                MovieView.interestForm(
                    movie: id, hidden: true, back: WebRoute.hiddenMovies.path, layout: layout, into: &html)
                html.raw("</li>")
            }
            html.raw("</ul>")
        }
    }
}
