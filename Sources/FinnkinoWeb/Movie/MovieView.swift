import FinnkinoKit
import FinnkinoPresentation
import WebSupport

/// Renders the Movie screen's outputs.
enum MovieView {
    static func page(
        _ outputs: MovieViewModel.Outputs, shows: MovieShowsViewModel.Outputs, isHidden: Bool, wanted: WantedMovie?,
        pushKey: String, layout: PageLayout
    ) -> String {
        let strings = layout.client.strings
        let title = outputs.errorMessage == nil ? outputs.title : strings.movieScreen
        return layout.render(title: title, tab: .movies, live: false) { html in
            if let error = outputs.errorMessage {
                html.raw("<h1>")
                html.text(strings.movieScreen)
                html.raw("</h1>")
                PageLayout.messages(stale: nil, error: error, into: &html)
                html.raw("<p><a href=\"\(WebRoute.movies.path)\">")
                html.text(strings.backToMovies)
                html.raw("</a></p>")
                return
            }
            html.raw("<article class=\"movie-detail\">")
            PageLayout.image(
                outputs.posterURL, variant: ImageVariants.poster, className: "poster", width: 198, height: 293,
                alt: outputs.title,
                into: &html)
            html.raw("<div class=\"about\"><h1 class=\"movie-title\">")
            html.text(outputs.title)
            html.raw("</h1><p class=\"original-title\">")
            html.text(outputs.originalTitle ?? outputs.title)
            html.raw("</p><dl class=\"facts\">")
            for fact in outputs.facts { PageLayout.fact(fact.label, fact.value, into: &html) }
            scores(outputs, words: layout.client.language.charts, into: &html)
            html.raw("</dl>")
            if let youngest = outputs.youngestWithAnAdult {
                html.raw("<p class=\"age-note\">")
                html.text(layout.client.language.shows.withAnAdult(String(youngest)))
                html.raw("</p>")
            }
            descriptors(outputs.contentDescriptors, words: layout.client.language.shows, into: &html)
            html.raw("<p class=\"director\"><span class=\"label\">")
            html.text(strings.director)
            html.raw("</span> ")
            html.text(outputs.directors ?? "–")
            html.raw("</p><p class=\"cast\"><span class=\"label\">")
            html.text(strings.cast)
            html.raw("</span> ")
            html.text(outputs.cast ?? "–")
            html.raw("</p><div class=\"synopsis\">")
            for paragraph in outputs.synopsis {
                html.raw("<p>")
                html.text(paragraph)
                html.raw("</p>")
            }
            html.raw("</div><p class=\"actions\">")
            if outputs.hasTrailerClip, let id = outputs.movieID {
                html.raw("<a id=\"trailer-link\" class=\"button\" href=\"\(WebRoute.trailer(movie: id).path)\">")
                html.text(strings.trailer)
                html.raw("</a>")
            } else if let trailer = outputs.trailerURL {
                html.raw("<a id=\"trailer-link\" class=\"button\" rel=\"noopener\" href=\"")
                html.text(trailer.absoluteString)
                html.raw("\">")
                html.text(strings.trailer)
                html.raw("</a>")
            }
            if let id = outputs.movieID {
                html.raw("<a id=\"showtimes-link\" class=\"button\" href=\"\(WebRoute.showtimes.path)?movie=\(id)\">")
                html.text(strings.showtimesLink)
                html.raw("</a>")
            }
            html.raw("</p>")
            if let id = outputs.movieID {
                html.raw("<form id=\"bookmark-form\" method=\"post\" action=\"\(WebRoute.toggleBookmark.path)\">")
                PageLayout.formFields(client: layout.client, back: layout.path, into: &html)
                html.raw(
                    "<input type=\"hidden\" name=\"movie\" value=\"\(id)\"><button type=\"submit\" id=\"bookmark\"")
                html.raw(outputs.isBookmarked ? " aria-pressed=\"true\">" : " aria-pressed=\"false\">")
                html.text(outputs.isBookmarked ? strings.removeBookmark : strings.addBookmark)
                html.raw("</button></form>")
                interestForm(movie: id, hidden: isHidden, back: layout.path, layout: layout, into: &html)
                // On a movie not yet on in the person's area, or one they keep an eye on.
                if wanted != nil || outputs.isBookmarked || shows.days.isEmpty {
                    wantedForm(movie: id, wanted: wanted, pushKey: pushKey, layout: layout, into: &html)
                }
            }
            html.raw("</div></article>")
            gallery(outputs.gallery, title: outputs.title, words: layout.client.language.shows, into: &html)
            upcoming(shows, words: layout.client.language.shows, into: &html)
        }
    }

    /// The button that hides a movie from the person's lists ("Not interested") or, when hidden,
    /// brings it back.
    static func interestForm(movie: Int, hidden: Bool, back: String, layout: PageLayout, into html: inout HTMLWriter) {
        let words = layout.client.language.shows
        html.raw("<form class=\"interest-form\" method=\"post\" action=\"\(WebRoute.setInterest.path)\">")
        PageLayout.formFields(client: layout.client, back: back, into: &html)
        html.raw("<input type=\"hidden\" name=\"movie\" value=\"\(movie)\">")
        html.raw("<input type=\"hidden\" name=\"interested\" value=\"\(hidden ? "yes" : "no")\">")
        html.raw("<button type=\"submit\" class=\"interest\">")
        html.text(hidden ? words.bringBack : words.notInterested)
        html.raw("</button></form>")
    }

    /// "Tell me when it's on": a toggle, pressed while the person waits, with what they wait for or
    /// what they were told. With `pushKey` (the server's VAPID key) the page's script asks the
    /// browser to take the announcement as a notification too, before the form is sent.
    static func wantedForm(
        movie: Int, wanted: WantedMovie?, pushKey: String, layout: PageLayout, into html: inout HTMLWriter
    ) {
        let words = layout.client.language.alerts
        html.raw("<form id=\"wanted-form\" method=\"post\" action=\"\(WebRoute.setWanted.path)\"")
        html.raw(" data-push-key=\"\(pushKey)\" data-push-subscribe=\"\(WebRoute.subscribePush.path)\">")
        PageLayout.formFields(client: layout.client, back: layout.path, into: &html)
        html.raw("<input type=\"hidden\" name=\"movie\" value=\"\(movie)\">")
        html.raw("<input type=\"hidden\" name=\"wanted\" value=\"\(wanted == nil ? "yes" : "no")\">")
        html.raw("<button type=\"submit\" id=\"wanted\" aria-describedby=\"wanted-status\"")
        html.raw(wanted == nil ? " aria-pressed=\"false\">" : " aria-pressed=\"true\">")
        html.text(words.tellMe)
        html.raw("</button><span id=\"wanted-status\" class=\"wanted-status\">")
        if let announcement = wanted?.announcement {
            html.text(words.announcement(announcement))
        } else if wanted != nil {
            html.text(words.waiting)
        }
        html.raw("</span></form>")
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
        html.raw("<div class=\"score-link\"><dt class=\"visually-hidden\">")
        html.text(words.tab)
        html.raw("</dt><dd><a href=\"\(WebRoute.internationalMovie(id: id).path)\">")
        html.text(words.source)
        html.raw("</a></dd></div>")
    }

    /// The content descriptors: each its icon (drawn here) and its words.
    private static func descriptors(_ names: [String], words: ShowStrings, into html: inout HTMLWriter) {
        guard !names.isEmpty else { return }
        html.raw("<ul class=\"descriptors\" aria-label=\"")
        html.text(words.contentLabel)
        html.raw("\">")
        for name in names {
            html.raw("<li class=\"descriptor\">")
            if let icon = ContentDescriptorIcon.svg(name) { html.raw(icon) }
            html.raw("<span>")
            html.text(words.descriptor(name))
            html.raw("</span></li>")
        }
        html.raw("</ul>")
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
        html.raw("<section class=\"gallery\" aria-labelledby=\"gallery-title\"><h2 id=\"gallery-title\">")
        html.text(words.gallery)
        html.raw("</h2><ul class=\"gallery-images\">")
        for link in links {
            html.raw(
                "<li><a href=\"\(link.full)\"><img src=\"\(link.thumbnail)\" width=\"160\" height=\"90\" loading=\"lazy\" alt=\""
            )
            html.text(link.alt)
            html.raw("\"></a></li>")
        }
        html.raw("</ul></section>")
    }

    /// The movie's shows of the next days: by day, by theatre (nearest first with a location), each
    /// time a link to the show's page with what sets it apart.
    private static func upcoming(_ shows: MovieShowsViewModel.Outputs, words: ShowStrings, into html: inout HTMLWriter)
    {
        html.raw("<section class=\"upcoming\" aria-labelledby=\"upcoming-title\"><h2 id=\"upcoming-title\">")
        html.text(words.nextDays)
        html.raw("</h2>")
        PageLayout.messages(stale: nil, error: shows.errorMessage, into: &html)
        if let empty = shows.emptyMessage {
            html.raw("<p class=\"empty\">")
            html.text(empty)
            html.raw("</p>")
        }
        for day in shows.days {
            html.raw("<div class=\"upcoming-day\" data-date=\"\(day.date)\"><h3>")
            html.text(day.label)
            html.raw("</h3>")
            for theatre in day.theatres {
                html.raw("<div class=\"upcoming-theatre\"><p class=\"theatre-name\">")
                html.text(theatre.name)
                if let distance = theatre.distance {
                    html.raw(" <span class=\"distance\">")
                    html.text(distance)
                    html.raw("</span>")
                }
                html.raw("</p><ul class=\"upcoming-shows\">")
                for show in theatre.shows {
                    html.raw("<li><a class=\"upcoming-show\" href=\"")
                    html.raw(WebRoute.show(area: show.area, date: show.date, id: show.id).path)
                    html.raw("\">")
                    html.text(show.time)
                    html.raw("</a>")
                    ShowtimesView.badges(show.badges, into: &html)
                    html.raw("</li>")
                }
                html.raw("</ul></div>")
            }
            html.raw("</div>")
        }
        html.raw("</section>")
    }
}
