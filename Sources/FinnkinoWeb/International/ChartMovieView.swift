import FinnkinoKit
import FinnkinoPresentation
import WebSupport

/// An international movie's page.
enum ChartMovieView {
    static func page(_ outputs: ChartMovieViewModel.Outputs, layout: PageLayout) -> SafeHTML {
        let strings = layout.client.strings
        let words = layout.client.language.charts
        let title = outputs.errorMessage == nil ? outputs.title : words.tab
        return layout.render(title: title, tab: .international, live: false) { html in
            guard outputs.errorMessage == nil, let id = outputs.movieID else {
                html.element("h1", text: words.tab)
                PageLayout.messages(stale: nil, error: outputs.errorMessage, into: &html)
                html.element("p") { html in
                    html.element("a", .href(WebRoute.international.path), text: words.boxOffice)
                }
                return
            }
            html.element("article", .class("movie-detail")) { html in
                PageLayout.image(
                    outputs.posterURL, variant: ImageVariants.chartPoster, className: "poster", width: 198,
                    height: 297, alt: outputs.title, into: &html)
                html.element("div", .class("about")) { html in
                    html.element("h1", .class("movie-title"), text: outputs.title)
                    if let original = outputs.originalTitle {
                        html.element("p", .class("original-title"), text: original)
                    }
                    if let tagline = outputs.tagline {
                        html.element("p", .class("tagline"), text: tagline)
                    }
                    html.element("dl", .class("facts")) { html in
                        for each in outputs.facts { PageLayout.fact(each.label, each.value, into: &html) }
                        PageLayout.fact(words.audience, outputs.audience, id: "audience", into: &html)
                    }
                    if !outputs.critics.isEmpty {
                        html.element("h2", text: words.critics)
                        html.element("ul", .class("scores"), .id("critics")) { html in
                            for score in outputs.critics {
                                html.element("li") { html in
                                    html.element("span", .class("score-source"), text: score.source)
                                    html.text(" ")
                                    html.element("strong", text: score.value)
                                }
                            }
                        }
                    }
                    if let directors = outputs.directors { labelled(words.director, directors, into: &html) }
                    if let cast = outputs.cast { labelled(words.cast, cast, into: &html) }
                    if let overview = outputs.overview {
                        html.element("div", .class("synopsis")) { html in
                            html.element("p", text: overview)
                        }
                    }
                    html.element("p", .class("actions")) { html in
                        if let trailer = outputs.trailerURL {
                            html.element(
                                "a", .id("trailer-link"), .class("button"), .rel("noopener"),
                                .href(trailer.absoluteString), text: words.trailer)
                        }
                    }
                    html.element(
                        "form", .id("bookmark-form"), .method("post"),
                        .action(WebRoute.toggleBookmark.path)
                    ) { html in
                        PageLayout.formFields(client: layout.client, back: layout.path, into: &html)
                        html.voidElement(
                            "input", .type("hidden"), .name("movie"), .value(Bookmark.Key(.international, id).formValue)
                        )
                        html.element(
                            "button", .type("submit"), .id("bookmark"),
                            .attribute("aria-pressed", outputs.isBookmarked ? "true" : "false"),
                            text: outputs.isBookmarked ? strings.removeBookmark : strings.addBookmark)
                    }
                    html.element("p", .class("source-note"), text: words.source)
                }
            }
        }
    }

    private static func labelled(_ label: String, _ value: String, into html: inout HTMLWriter) {
        html.element("p") { html in
            html.element("span", .class("label"), text: label)
            html.text(" ")
            html.text(value)
        }
    }
}
