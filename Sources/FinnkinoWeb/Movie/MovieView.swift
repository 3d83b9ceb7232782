import FinnkinoKit
import FinnkinoPresentation
import WebSupport

/// Renders the Movie screen's outputs.
enum MovieView {
    /// The parts of a movie's page that are the same for everyone who reads it in one language:
    /// written once per details and language (``MoviePartsCache``), not once per request.
    struct Parts: Sendable {
        /// The poster.
        var poster: SafeHTML
        /// The title and the original title.
        var titles: SafeHTML
        /// The facts and scores, age note, descriptors, director, cast, synopsis and links.
        var about: SafeHTML
        /// The gallery.
        var gallery: SafeHTML

        /// No parts: those of a page that shows an error.
        static let none = Parts(poster: .empty, titles: .empty, about: .empty, gallery: .empty)
    }

    /// The parts of the page of `outputs` (a movie shown, not an error) in `language`.
    static func parts(_ outputs: MovieViewModel.Outputs, language: UILanguage) -> Parts {
        let strings = language.strings
        return Parts(
            poster: HTMLWriter.fragment(capacity: 512) { html in
                PageLayout.image(
                    outputs.posterURL, variant: ImageVariants.poster, className: "poster", width: 198, height: 293,
                    alt: outputs.title, into: &html)
            },
            titles: HTMLWriter.fragment(capacity: 512) { html in
                html.element("h1", .class("movie-title"), text: outputs.title)
                html.element("p", .class("original-title"), text: outputs.originalTitle ?? outputs.title)
            },
            about: HTMLWriter.fragment(capacity: 4_096) { html in
                html.element("dl", .class("facts")) { html in
                    for fact in outputs.facts { PageLayout.fact(fact.label, fact.value, into: &html) }
                    scores(outputs, words: language.charts, into: &html)
                }
                if let youngest = outputs.youngestWithAnAdult {
                    html.element("p", .class("age-note"), text: language.shows.withAnAdult(String(youngest)))
                }
                descriptors(outputs.contentDescriptors, words: language.shows, into: &html)
                html.element("p", .class("director")) { html in
                    html.element("span", .class("label"), text: strings.director)
                    html.text(" ")
                    html.text(outputs.directors ?? "–")
                }
                html.element("p", .class("cast")) { html in
                    html.element("span", .class("label"), text: strings.cast)
                    html.text(" ")
                    html.text(outputs.cast ?? "–")
                }
                html.element("div", .class("synopsis")) { html in
                    for paragraph in outputs.synopsis {
                        html.element("p", text: paragraph)
                    }
                }
                html.element("p", .class("actions")) { html in
                    if outputs.hasTrailerClip, let id = outputs.movieID {
                        html.element(
                            "a", .id("trailer-link"), .class("button"), .href(WebRoute.trailer(movie: id).path),
                            text: strings.trailer)
                    } else if let trailer = outputs.trailerURL {
                        html.element(
                            "a", .id("trailer-link"), .class("button"), .rel("noopener"),
                            .href(trailer.absoluteString), text: strings.trailer)
                    }
                    if let id = outputs.movieID {
                        html.element(
                            "a", .id("showtimes-link"), .class("button"),
                            .href("\(WebRoute.showtimes.path)?movie=\(id)"), text: strings.showtimesLink)
                    }
                }
            },
            gallery: HTMLWriter.fragment(capacity: 2_048) { html in
                gallery(outputs.gallery, title: outputs.title, words: language.shows, into: &html)
            })
    }

    /// - Parameters:
    ///   - parts: `outputs`' ``Parts`` (``Parts/none`` with an error).
    ///   - upcoming: `shows`' section (``upcoming(_:words:)``), written once per minute.
    static func page(
        _ outputs: MovieViewModel.Outputs, parts: Parts, shows: MovieShowsViewModel.Outputs, upcoming: SafeHTML,
        isHidden: Bool, wanted: WantedMovie?, pushKey: String, layout: PageLayout
    ) -> SafeHTML {
        let strings = layout.client.strings
        let title = outputs.errorMessage == nil ? outputs.title : strings.movieScreen
        return layout.render(title: title, tab: .movies, live: false) { html in
            if let error = outputs.errorMessage {
                html.element("h1", text: strings.movieScreen)
                PageLayout.messages(stale: nil, error: error, into: &html)
                html.element("p") { html in
                    html.element("a", .href(WebRoute.movies.path), text: strings.backToMovies)
                }
                return
            }
            html.element("article", .class("movie-detail")) { html in
                html.append(parts.poster)
                html.element("div", .class("about")) { html in
                    html.append(parts.titles)
                    // What is the person's own: the badges of a run they follow, and their forms.
                    let runs = shows.runs(followed: wanted != nil || outputs.isBookmarked)
                    if !runs.isEmpty {
                        html.element("p", .class("runs")) { html in MoviesView.runBadges(runs, into: &html) }
                    }
                    html.append(parts.about)
                    if let id = outputs.movieID {
                        html.element(
                            "form", .id("bookmark-form"), .method("post"),
                            .action(WebRoute.toggleBookmark.path)
                        ) { html in
                            PageLayout.formFields(client: layout.client, back: layout.path, into: &html)
                            html.voidElement("input", .type("hidden"), .name("movie"), .value(id))
                            html.element(
                                "button", .type("submit"), .id("bookmark"),
                                .attribute("aria-pressed", outputs.isBookmarked ? "true" : "false"),
                                text: outputs.isBookmarked ? strings.removeBookmark : strings.addBookmark)
                        }
                        interestForm(movie: id, hidden: isHidden, back: layout.path, layout: layout, into: &html)
                        // On a movie not yet on in the person's area, or one they keep an eye on.
                        if wanted != nil || outputs.isBookmarked || shows.days.isEmpty {
                            wantedForm(movie: id, wanted: wanted, pushKey: pushKey, layout: layout, into: &html)
                        }
                    }
                }
            }
            html.append(parts.gallery)
            html.append(upcoming)
        }
    }

    /// The button that hides a movie from the person's lists ("Not interested") or, when hidden,
    /// brings it back.
    static func interestForm(movie: Int, hidden: Bool, back: String, layout: PageLayout, into html: inout HTMLWriter) {
        let words = layout.client.language.shows
        html.element(
            "form", .class("interest-form"), .method("post"), .action(WebRoute.setInterest.path)
        ) { html in
            PageLayout.formFields(client: layout.client, back: back, into: &html)
            html.voidElement("input", .type("hidden"), .name("movie"), .value(movie))
            html.voidElement("input", .type("hidden"), .name("interested"), .value(hidden ? "yes" : "no"))
            html.element(
                "button", .type("submit"), .class("interest"), text: hidden ? words.bringBack : words.notInterested)
        }
    }

    /// "Tell me when it's on": a toggle, pressed while the person waits, with what they wait for or
    /// what they were told. With `pushKey` (the server's VAPID key) the page's script asks the
    /// browser to take the announcement as a notification too, before the form is sent.
    static func wantedForm(
        movie: Int, wanted: WantedMovie?, pushKey: String, layout: PageLayout, into html: inout HTMLWriter
    ) {
        let words = layout.client.language.alerts
        html.element(
            "form", .id("wanted-form"), .method("post"), .action(WebRoute.setWanted.path),
            .attribute("data-push-key", pushKey), .attribute("data-push-subscribe", WebRoute.subscribePush.path)
        ) { html in
            PageLayout.formFields(client: layout.client, back: layout.path, into: &html)
            html.voidElement("input", .type("hidden"), .name("movie"), .value(movie))
            html.voidElement("input", .type("hidden"), .name("wanted"), .value(wanted == nil ? "yes" : "no"))
            html.element(
                "button", .type("submit"), .id("wanted"), .attribute("aria-describedby", "wanted-status"),
                .attribute("aria-pressed", wanted == nil ? "false" : "true"), text: words.tellMe)
            html.element("span", .id("wanted-status"), .class("wanted-status")) { html in
                if let announcement = wanted?.announcement {
                    html.text(words.announcement(announcement))
                } else if wanted != nil {
                    html.text(words.waiting)
                }
            }
        }
    }

    /// The audience's and the critics' scores of the international movie it is, with a link to
    /// that movie's page: nothing when it is matched to none.
    private static func scores(_ outputs: MovieViewModel.Outputs, words: ChartStrings, into html: inout HTMLWriter) {
        guard let id = outputs.internationalID, let audience = outputs.audience else { return }
        PageLayout.fact(words.audience, audience, id: "audience", into: &html)
        if !outputs.critics.isEmpty {
            PageLayout.fact(
                words.critics, outputs.critics.map { "\($0.source) \($0.value)" }.joined(separator: " · "),
                id: "critics", into: &html)
        }
        html.element("div", .class("score-link")) { html in
            html.element("dt", .class("visually-hidden"), text: words.tab)
            html.element("dd") { html in
                html.element("a", .href(WebRoute.internationalMovie(id: id).path), text: words.source)
            }
        }
    }

    /// The content descriptors: each its icon (drawn here) and its words.
    private static func descriptors(_ names: [String], words: ShowStrings, into html: inout HTMLWriter) {
        guard !names.isEmpty else { return }
        html.element("ul", .class("descriptors"), .ariaLabel(words.contentLabel)) { html in
            for name in names {
                html.element("li", .class("descriptor")) { html in
                    if let icon = ContentDescriptorIcon.svg(name) { html.append(icon) }
                    html.element("span", text: words.descriptor(name))
                }
            }
        }
    }

    /// The event's gallery: a row of thumbnails, each a link to the whole picture.
    private static func gallery(
        _ images: [GalleryImage], title: String, words: ShowStrings, into html: inout HTMLWriter
    ) {
        let links = images.compactMap { image -> (full: String, thumbnail: String, alt: String)? in
            guard let full = ImageLink.path(image.location, variant: ImageVariants.plain) else { return nil }
            let thumbnail = ImageLink.path(image.thumbnailLocation, variant: ImageVariants.plain) ?? full
            let alt = image.title.trimmingCharacters(in: .whitespaces)
            return (full, thumbnail, alt.isEmpty ? words.stillFrom(title) : alt)
        }
        guard !links.isEmpty else { return }
        html.element("section", .class("gallery"), .attribute("aria-labelledby", "gallery-title")) { html in
            html.element("h2", .id("gallery-title"), text: words.gallery)
            html.element("ul", .class("gallery-images")) { html in
                for link in links {
                    html.element("li") { html in
                        html.element("a", .href(link.full)) { html in
                            html.voidElement(
                                "img", .src(link.thumbnail), .attribute("width", 160), .attribute("height", 90),
                                .attribute("loading", "lazy"), .alt(link.alt))
                        }
                    }
                }
            }
        }
    }

    /// The movie's shows of the next days: by day, by theatre (nearest first with a location), each
    /// time a link to the show's page with what sets it apart.
    static func upcoming(_ shows: MovieShowsViewModel.Outputs, words: ShowStrings) -> SafeHTML {
        HTMLWriter.fragment(capacity: 8_192) { html in upcoming(shows, words: words, into: &html) }
    }

    private static func upcoming(_ shows: MovieShowsViewModel.Outputs, words: ShowStrings, into html: inout HTMLWriter)
    {
        html.element("section", .class("upcoming"), .attribute("aria-labelledby", "upcoming-title")) { html in
            html.element("h2", .id("upcoming-title"), text: words.nextDays)
            PageLayout.messages(stale: nil, error: shows.errorMessage, into: &html)
            if let empty = shows.emptyMessage {
                html.element("p", .class("empty"), text: empty)
            }
            for day in shows.days {
                html.element("div", .class("upcoming-day"), .attribute("data-date", day.date.description)) { html in
                    html.element("h3", text: day.label)
                    for theatre in day.theatres {
                        html.element("div", .class("upcoming-theatre")) { html in
                            html.element("p", .class("theatre-name")) { html in
                                html.text(theatre.name)
                                if let distance = theatre.distance {
                                    html.text(" ")
                                    html.element("span", .class("distance"), text: distance)
                                }
                            }
                            html.element("ul", .class("upcoming-shows")) { html in
                                for show in theatre.shows {
                                    html.element("li") { html in
                                        html.element(
                                            "a", .class("upcoming-show"),
                                            .href(WebRoute.show(area: show.area, date: show.date, id: show.id).path),
                                            text: show.time)
                                        ShowtimesView.badges(show.badges, into: &html)
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}
