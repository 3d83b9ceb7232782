import FinnkinoKit
import FinnkinoPresentation
import Foundation
import WebSupport

/// Renders a show's page: the movie, when and where with directions, what kind of show it is,
/// until when tickets are sold and reserved, the ticket link, Add to calendar and Share.
enum ShowView {
    static func page(_ outputs: ShowViewModel.Outputs, layout: PageLayout) -> SafeHTML {
        let words = layout.client.language.shows
        let strings = layout.client.strings
        let title = outputs.errorMessage == nil ? outputs.title : words.showScreen
        return layout.render(title: title, tab: .showtimes, live: false) { html in
            if let error = outputs.errorMessage {
                html.element("h1", text: words.showScreen)
                PageLayout.messages(stale: nil, error: error, into: &html)
                // Back to the day's shows of the area the show was looked for in.
                var back = WebRoute.showtimes.path
                if let area = outputs.area, let date = outputs.date {
                    back = WebRoute.showtimes.path(ShowtimesQuery(area: .area(area), date: date))
                }
                html.element("p") { html in
                    html.element("a", .id("back-to-showtimes"), .href(back), text: strings.showtimesTab)
                }
                return
            }
            PageLayout.messages(stale: outputs.staleNotice, error: nil, into: &html)
            html.element("article", .class("show-detail")) { html in
                PageLayout.image(
                    outputs.posterURL, variant: ImageVariants.poster, className: "poster", width: 198, height: 293,
                    alt: outputs.title, into: &html)
                html.element("div", .class("about")) { html in
                    html.element("h1", .class("movie-title")) { html in
                        if let movie = outputs.movieID {
                            html.element("a", .href(WebRoute.movie(id: movie).path), text: outputs.title)
                        } else {
                            html.text(outputs.title)
                        }
                    }
                    if let original = outputs.originalTitle {
                        html.element("p", .class("original-title"), text: original)
                    }
                    html.element("p", .class("show-when")) { html in
                        html.element("span", .class("show-day"), text: outputs.day)
                        html.text(" ")
                        html.element("span", .class("show-time"), text: outputs.time)
                    }
                    html.element("p", .class("show-where")) { html in
                        html.element("span", .class("show-theatre"), text: outputs.theatre)
                        html.text(", ")
                        html.element("span", .class("auditorium"), text: outputs.auditorium)
                        if let address = outputs.address {
                            html.voidElement("br")
                            html.element("span", .class("show-address"), text: address)
                        }
                        if let directions = outputs.directionsURL {
                            html.text(" ")
                            html.element(
                                "a", .class("directions"), .rel("noopener"),
                                .href(directions.absoluteString), text: words.directions)
                        }
                    }
                    ShowtimesView.badges(outputs.badges, into: &html)
                    html.element("dl", .class("facts")) { html in
                        for fact in outputs.facts { PageLayout.fact(fact.label, fact.value, into: &html) }
                    }
                    for (className, text) in [
                        ("sales-end", outputs.salesEnd), ("reservation-end", outputs.reservationEnd),
                    ] {
                        guard let text else { continue }
                        html.element("p", .class(className), text: text)
                    }
                    html.element("p", .class("actions")) { html in
                        if let ticket = outputs.ticketURL {
                            html.element(
                                "a", .class("button ticket-link"), .rel("noopener"),
                                .href(ticket.absoluteString), text: strings.tickets)
                        }
                        if let area = outputs.area, let date = outputs.date, let id = outputs.id {
                            let calendar = WebRoute.showCalendar(area: area, date: date, id: id).path
                            html.element(
                                "a", .id("calendar-link"), .class("button"), .flag("download"), .href(calendar),
                                text: words.addToCalendar)
                            // Shown by the script where the browser can share or copy a link.
                            html.element(
                                "button", .type("button"), .id("share"), .flag("hidden"),
                                .attribute("data-share-url", WebRoute.show(area: area, date: date, id: id).path),
                                .attribute("data-share-title", outputs.shareText),
                                .attribute("data-copied", words.linkCopied), text: words.share)
                        }
                    }
                    html.element("p", .id("share-status"), .role("status")) { _ in }
                }
            }
        }
    }
}
