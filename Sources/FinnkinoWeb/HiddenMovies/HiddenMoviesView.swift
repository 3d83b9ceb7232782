import FinnkinoKit
import FinnkinoPresentation
import WebSupport

/// The movies a person is not interested in, each with a button that brings it back, and one
/// that brings them all back.
enum HiddenMoviesView {
    static func page(_ outputs: HiddenMoviesViewModel.Outputs, layout: PageLayout) -> SafeHTML {
        let words = layout.client.language.shows
        return layout.render(title: words.hiddenMovies, tab: .movies, live: false) { html in
            html.element("h1", text: words.hiddenMovies)
            if let empty = outputs.emptyMessage {
                html.element("p", .class("empty"), text: empty)
                return
            }
            html.element("ul", .class("hidden-movies")) { html in
                for row in outputs.rows {
                    html.element("li", .class("hidden-movie")) { html in
                        if row.isListed {
                            PageLayout.image(
                                row.thumbnailURL, variant: ImageVariants.bookmarkCard, className: "thumb", width: 66,
                                height: 97, into: &html)
                            html.element("a", .href(WebRoute.movie(id: row.id).path), text: row.title)
                        } else {
                            html.element("span", text: row.title)
                        }
                        MovieView.interestForm(
                            movie: row.id, hidden: true, back: WebRoute.hiddenMovies.path, layout: layout, into: &html)
                    }
                }
            }
            html.element("form", .method("post"), .action(WebRoute.bringAllBack.path)) { html in
                PageLayout.formFields(client: layout.client, back: WebRoute.hiddenMovies.path, into: &html)
                html.element("button", .type("submit"), .id("bring-all-back"), text: words.bringAllBack)
            }
        }
    }
}
