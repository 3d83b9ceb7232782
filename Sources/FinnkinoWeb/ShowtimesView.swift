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
            html.raw("</select></div><button id=\"apply\" type=\"submit\">")
            html.text(strings.apply)
            html.raw("</button></form>")
            LocationFormView.render(
                nearest: outputs.nearestArea, nearestText: outputs.nearestAreaText,
                areaLink: { WebRoute.showtimes.path + "?" + query(outputs, date: outputs.date, area: $0) },
                location: location,
                layout: layout, into: &html)
            html.raw("<nav class=\"dates\" aria-label=\"")
            html.text(strings.dates)
            html.raw("\">")
            for option in outputs.dates {
                html.raw("<a data-date=\"\(option.date)\" href=\"\(WebRoute.showtimes.path)?")
                html.text(query(outputs, date: option.date))
                html.raw(option.isSelected ? "\" aria-current=\"date\">" : "\">")
                html.text(option.label)
                html.raw("</a>")
            }
            html.raw("</nav><div id=\"\(fragmentID)\" aria-live=\"polite\">")
            shows(outputs, strings: strings, into: &html)
            html.raw("</div>")
        }
    }

    static func query(_ outputs: ShowtimesViewModel.Outputs, date: LocalDate, area: Int? = nil) -> String {
        (outputs.movieID.map { "movie=\($0)&" } ?? "") + "area=\(area ?? outputs.selectedArea)&date=\(date)"
    }

    /// The inside of `#showtimes`.
    static func shows(_ outputs: ShowtimesViewModel.Outputs, strings: UIStrings) -> String {
        var html = HTMLWriter()
        shows(outputs, strings: strings, into: &html)
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

    private static func shows(_ outputs: ShowtimesViewModel.Outputs, strings: UIStrings, into html: inout HTMLWriter) {
        PageLayout.messages(stale: outputs.staleNotice, error: outputs.errorMessage, into: &html)
        if let empty = outputs.emptyMessage {
            html.raw("<p class=\"empty\">")
            html.text(empty)
            html.raw("</p>")
        }
        for theatre in outputs.theatres {
            html.raw("<section class=\"theatre\"><h2>")
            html.text(theatre.name)
            html.raw("</h2><ul class=\"shows\">")
            for show in theatre.shows {
                let page = WebRoute.show(area: outputs.selectedArea, date: outputs.date, id: show.id).path
                html.raw("<li class=\"show\"><a class=\"show-time\" href=\"\(page)\">")
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
