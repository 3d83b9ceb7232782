import FinnkinoKit
import FinnkinoPresentation
import Foundation
import WebSupport

/// Renders a show's page: the movie, when and where with directions, what kind of show it is,
/// until when tickets are sold and reserved, the ticket link, Add to calendar and Share.
enum ShowView {
    static func page(_ outputs: ShowViewModel.Outputs, layout: PageLayout) -> String {
        let words = layout.client.language.shows
        let strings = layout.client.strings
        let title = outputs.errorMessage == nil ? outputs.title : words.showScreen
        return layout.render(title: title, tab: .showtimes, live: false) { html in
            if let error = outputs.errorMessage {
                html.raw("<h1>")
                html.text(words.showScreen)
                html.raw("</h1>")
                PageLayout.messages(stale: nil, error: error, into: &html)
                // Back to the day's shows of the area the show was looked for in.
                var back = WebRoute.showtimes.path
                if let area = outputs.area, let date = outputs.date {
                    back = WebRoute.showtimes.path(ShowtimesQuery(area: .area(area), date: date))
                }
                html.raw("<p><a id=\"back-to-showtimes\" href=\"")
                html.text(back)
                html.raw("\">")
                html.text(strings.showtimesTab)
                html.raw("</a></p>")
                return
            }
            PageLayout.messages(stale: outputs.staleNotice, error: nil, into: &html)
            html.raw("<article class=\"show-detail\">")
            PageLayout.image(
                outputs.posterURL, variant: ImageVariants.poster, className: "poster", width: 198, height: 293,
                alt: outputs.title, into: &html)
            html.raw("<div class=\"about\"><h1 class=\"movie-title\">")
            if let movie = outputs.movieID {
                html.raw("<a href=\"\(WebRoute.movie(id: movie).path)\">")
                html.text(outputs.title)
                html.raw("</a>")
            } else {
                html.text(outputs.title)
            }
            html.raw("</h1>")
            if let original = outputs.originalTitle {
                html.raw("<p class=\"original-title\">")
                html.text(original)
                html.raw("</p>")
            }
            html.raw("<p class=\"show-when\"><span class=\"show-day\">")
            html.text(outputs.day)
            html.raw("</span> <span class=\"show-time\">")
            html.text(outputs.time)
            html.raw("</span></p><p class=\"show-where\"><span class=\"show-theatre\">")
            html.text(outputs.theatre)
            html.raw("</span>, <span class=\"auditorium\">")
            html.text(outputs.auditorium)
            html.raw("</span>")
            if let address = outputs.address {
                html.raw("<br><span class=\"show-address\">")
                html.text(address)
                html.raw("</span>")
            }
            if let directions = outputs.directionsURL {
                html.raw(" <a class=\"directions\" rel=\"noopener\" href=\"")
                html.text(directions.absoluteString)
                html.raw("\">")
                html.text(words.directions)
                html.raw("</a>")
            }
            html.raw("</p>")
            ShowtimesView.badges(outputs.badges, into: &html)
            html.raw("<dl class=\"facts\">")
            for fact in outputs.facts { PageLayout.fact(fact.label, fact.value, into: &html) }
            html.raw("</dl>")
            for (className, text) in [("sales-end", outputs.salesEnd), ("reservation-end", outputs.reservationEnd)] {
                guard let text else { continue }
                html.raw("<p class=\"\(className)\">")
                html.text(text)
                html.raw("</p>")
            }
            html.raw("<p class=\"actions\">")
            if let ticket = outputs.ticketURL {
                html.raw("<a class=\"button ticket-link\" rel=\"noopener\" href=\"")
                html.text(ticket.absoluteString)
                html.raw("\">")
                html.text(strings.tickets)
                html.raw("</a>")
            }
            if let area = outputs.area, let date = outputs.date, let id = outputs.id {
                let calendar = WebRoute.showCalendar(area: area, date: date, id: id).path
                html.raw("<a id=\"calendar-link\" class=\"button\" download href=\"\(calendar)\">")
                html.text(words.addToCalendar)
                html.raw("</a>")
                // Shown by the script where the browser can share or copy a link.
                html.raw("<button type=\"button\" id=\"share\" hidden data-share-url=\"")
                html.text(WebRoute.show(area: area, date: date, id: id).path)
                html.raw("\" data-share-title=\"")
                html.text(outputs.shareText)
                html.raw("\" data-copied=\"")
                html.text(words.linkCopied)
                html.raw("\">")
                html.text(words.share)
                html.raw("</button>")
            }
            html.raw("</p><p id=\"share-status\" role=\"status\"></p></div></article>")
        }
    }
}
