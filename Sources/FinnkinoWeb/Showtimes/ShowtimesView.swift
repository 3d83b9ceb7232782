import FinnkinoKit
import FinnkinoPresentation
import Foundation
import WebSupport

/// Renders the Showtimes screen's outputs.
enum ShowtimesView {
    static let fragmentID = "showtimes"

    static func page(_ outputs: ShowtimesViewModel.Outputs, location: UserLocation?, layout: PageLayout) -> String {
        let strings = layout.client.strings
        return layout.render(title: strings.showtimesTab, tab: .showtimes, live: true) { html in
            html.raw("<h1>")
            html.text(strings.showtimesTab)
            if let title = outputs.movieTitle {
                html.raw(": <span class=\"movie-name\">")
                html.text(title)
                html.raw("</span>")
            }
            html.raw("</h1><form id=\"showtimes-form\" method=\"get\" action=\"\(WebRoute.showtimes.path)\">")
            if let movie = outputs.movieID { html.raw("<input type=\"hidden\" name=\"movie\" value=\"\(movie)\">") }
            html.raw(
                "<input type=\"hidden\" name=\"date\" value=\"\(outputs.date)\"><div class=\"field\"><label for=\"area\">"
            )
            html.text(strings.area)
            html.raw("</label><select id=\"area\" name=\"area\">")
            for option in outputs.areas {
                html.raw("<option value=\"\(option.id.map(String.init) ?? "")\"")
                html.raw(option.isSelected ? " selected>" : ">")
                html.text(LocationFormView.optionLabel(option))
                html.raw("</option>")
            }
            html.raw("</select></div>")
            filters(outputs, words: layout.client.language.shows, into: &html)
            html.raw("<button id=\"apply\" type=\"submit\">")
            html.text(strings.apply)
            html.raw("</button></form>")
            myTheatres(outputs, layout: layout, into: &html)
            LocationFormView.render(
                nearest: outputs.nearestArea, nearestText: outputs.nearestAreaText,
                areaLink: { WebRoute.showtimes.path(ShowtimesQuery(outputs, date: outputs.date, area: $0)) },
                location: location,
                layout: layout, into: &html)
            html.raw("<nav class=\"dates\" id=\"showtimes-dates\" aria-label=\"")
            html.text(strings.dates)
            html.raw("\">")
            for option in outputs.dates {
                html.raw("<a data-date=\"\(option.date)\" href=\"")
                html.text(WebRoute.showtimes.path(ShowtimesQuery(outputs, date: option.date)))
                html.raw(option.isSelected ? "\" aria-current=\"date\">" : "\">")
                html.text(option.label)
                html.raw("</a>")
            }
            html.raw("</nav><div id=\"\(fragmentID)\" aria-live=\"polite\">")
            shows(outputs, language: layout.client.language, into: &html)
            html.raw("</div>")
        }
    }

    /// The page's query for `date` (and `area`), the filter included.
    /// The times a window can start from and end by: every hour of a show's day.
    private static let startHours = Array(9...23)
    private static let endHours = Array(12...26)

    /// The filters, part of the page's form (a GET: they are the page's address), folded away until
    /// one is set.
    private static func filters(_ outputs: ShowtimesViewModel.Outputs, words: ShowStrings, into html: inout HTMLWriter)
    {
        let filter = outputs.filter
        html.raw(filter.isEmpty ? "<details class=\"filters\">" : "<details class=\"filters\" open>")
        html.raw("<summary>")
        html.text(words.filters)
        html.raw("</summary><div class=\"filter-fields\">")
        func select(_ id: String, _ label: String, _ options: [(value: String, text: String, selected: Bool)]) {
            html.raw("<div class=\"field\"><label for=\"filter-\(id)\">")
            html.text(label)
            html.raw("</label><select id=\"filter-\(id)\" name=\"\(id)\"><option value=\"\">")
            html.text(words.any)
            html.raw("</option>")
            for option in options {
                html.raw("<option value=\"")
                html.text(option.value)
                html.raw(option.selected ? "\" selected>" : "\">")
                html.text(option.text)
                html.raw("</option>")
            }
            html.raw("</select></div>")
        }
        select("spoken", words.spokenLanguage, outputs.spokenOptions.map { ($0.code, $0.name, $0.isSelected) })
        select("subs", words.subtitleLanguage, outputs.subtitleOptions.map { ($0.code, $0.name, $0.isSelected) })
        select(
            "format", words.picture,
            [("2d", words.twoD, filter.picture == .twoD), ("3d", words.threeD, filter.picture == .threeD)])
        select(
            "access", words.accessibility,
            [
                ("hoh", words.descriptiveSubtitles, filter.accessibility == .descriptiveSubtitles),
                ("sign", words.signLanguage, filter.accessibility == .signLanguage),
            ])
        func hours(_ hours: [Int], selected: Int?) -> [(value: String, text: String, selected: Bool)] {
            hours.map { hour in
                (ShowFilter.clock(hour * 60), ShowFilter.clock(hour % 24 * 60), selected == hour * 60)
            }
        }
        select("from", words.startsFrom, hours(startHours, selected: filter.startsFrom))
        select("until", words.endsBy, hours(endHours, selected: filter.endsBy))
        html.raw("<div class=\"field check\"><input type=\"checkbox\" id=\"filter-mine\" name=\"mine\" value=\"1\"")
        html.raw(filter.onlyMyTheatres ? " checked>" : ">")
        html.raw("<label for=\"filter-mine\">")
        html.text(words.onlyMyTheatres)
        html.raw("</label></div></div><div id=\"clear-filters-slot\">")
        if !filter.isEmpty {
            let clear =
                (outputs.movieID.map { "movie=\($0)&" } ?? "") + "area=\(outputs.selectedArea)&date=\(outputs.date)"
            html.raw("<a id=\"clear-filters\" href=\"\(WebRoute.showtimes.path)?")
            html.text(clear)
            html.raw("\">")
            html.text(words.clearFilters)
            html.raw("</a>")
        }
        html.raw("</div></details>")
    }

    /// The person's own theatres, across areas: a form of its own (a change, behind the CSRF check).
    private static func myTheatres(
        _ outputs: ShowtimesViewModel.Outputs, layout: PageLayout, into html: inout HTMLWriter
    ) {
        let words = layout.client.language.shows
        html.raw("<details class=\"my-theatres\"><summary>")
        html.text(words.myTheatres)
        html.raw("</summary><form id=\"my-theatres-form\" method=\"post\" action=\"\(WebRoute.setTheatres.path)\">")
        PageLayout.formFields(client: layout.client, back: layout.path, into: &html)
        // The checkboxes share a name: a fieldset makes them one group for assistive technology
        // (the summary above already shows its name, so the legend is for screen readers only).
        html.raw("<fieldset class=\"bare\"><legend class=\"visually-hidden\">")
        html.text(words.myTheatres)
        html.raw("</legend><ul class=\"theatre-choices\">")
        for theatre in outputs.theatreOptions {
            html.raw(
                "<li><input type=\"checkbox\" name=\"theatre\" id=\"theatre-\(theatre.areaID)\" value=\"\(theatre.areaID)\""
            )
            html.raw(theatre.isMine ? " checked>" : ">")
            html.raw("<label for=\"theatre-\(theatre.areaID)\">")
            html.text(theatre.name)
            html.raw("</label></li>")
        }
        html.raw("</ul></fieldset><button type=\"submit\" id=\"save-theatres\">")
        html.text(words.saveMyTheatres)
        html.raw("</button></form></details>")
    }

    /// The inside of `#showtimes`.
    static func shows(_ outputs: ShowtimesViewModel.Outputs, language: UILanguage) -> String {
        var html = HTMLWriter()
        shows(outputs, language: language, into: &html)
        return html.html
    }

    /// A show's badges as a list, each with its kind as a class (`show-badge-descriptiveSubtitles`):
    /// the special ones are drawn apart from the everyday ones.
    static func badges(_ badges: [ShowBadge], into html: inout HTMLWriter) {
        guard !badges.isEmpty else { return }
        html.raw("<ul class=\"show-badges\">")
        for badge in badges {
            html.raw(
                badge.kind.isSpecial
                    ? "<li class=\"show-badge special show-badge-" : "<li class=\"show-badge show-badge-")
            html.raw(badge.kind.rawValue)
            html.raw("\">")
            html.text(badge.text)
            html.raw("</li>")
        }
        html.raw("</ul>")
    }

    private static func shows(_ outputs: ShowtimesViewModel.Outputs, language: UILanguage, into html: inout HTMLWriter)
    {
        let strings = language.strings
        PageLayout.messages(stale: outputs.staleNotice, error: outputs.errorMessage, into: &html)
        if let empty = outputs.emptyMessage {
            html.raw("<p class=\"empty\">")
            html.text(empty)
            html.raw("</p>")
        }
        if outputs.hiddenCount > 0 {
            html.raw("<p class=\"hidden-count\">")
            html.text(language.shows.hiddenByFilters(String(outputs.hiddenCount)))
            html.raw("</p>")
        }
        for theatre in outputs.theatres {
            html.raw("<section class=\"theatre\"><h2>")
            html.text(theatre.name)
            html.raw("</h2><ul class=\"shows\">")
            for show in theatre.shows {
                let page = WebRoute.show(area: show.area, date: outputs.date, id: show.id).path
                html.raw("<li class=\"show\"><a class=\"show-time\" href=\"\(page)\" aria-label=\"")
                html.text(show.time + ", " + language.shows.showDetails)
                html.raw("\">")
                html.text(show.time)
                html.raw("</a>")
                if outputs.movieID == nil {
                    html.raw("<a class=\"show-title\" href=\"\(WebRoute.movie(id: show.movieID).path)\">")
                    html.text(show.title)
                    html.raw("</a>")
                }
                html.raw("<span class=\"auditorium\">")
                html.text(show.auditorium)
                html.raw("</span>")
                badges(show.badges, into: &html)
                if let ticket = show.ticketURL, let scheme = ticket.scheme?.lowercased(),
                    scheme == "https" || scheme == "http"
                {
                    html.raw("<a class=\"ticket-link\" rel=\"noopener\" href=\"")
                    html.text(ticket.absoluteString)
                    html.raw("\">")
                    html.text(strings.tickets)
                    html.raw("</a>")
                }
                html.raw("</li>")
            }
            html.raw("</ul></section>")
        }
    }
}
