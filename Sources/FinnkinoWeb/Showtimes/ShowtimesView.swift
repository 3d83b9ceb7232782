import FinnkinoKit
import FinnkinoPresentation
import Foundation
import WebSupport

/// Renders the Showtimes screen's outputs.
enum ShowtimesView {
    static let fragmentID = "showtimes"

    static func page(_ outputs: ShowtimesViewModel.Outputs, location: UserLocation?, layout: PageLayout) -> SafeHTML {
        let strings = layout.client.strings
        return layout.render(title: strings.showtimesTab, tab: .showtimes, live: true) { html in
            html.element("h1") { html in
                html.text(strings.showtimesTab)
                if let title = outputs.movieTitle {
                    html.text(": ")
                    html.element("span", .class("movie-name"), text: title)
                }
            }
            html.element(
                "form", .id("showtimes-form"), .method("get"), .action(WebRoute.showtimes.path)
            ) { html in
                if let movie = outputs.movieID {
                    html.voidElement("input", .type("hidden"), .name("movie"), .value(movie))
                }
                html.voidElement("input", .type("hidden"), .name("date"), .value("\(outputs.date)"))
                html.element("div", .class("field")) { html in
                    html.element("label", .for("area"), text: strings.area)
                    html.element("select", .id("area"), .name("area")) { html in
                        for option in outputs.areas {
                            html.element(
                                "option", .value(option.id.map(String.init) ?? ""),
                                .flag("selected", option.isSelected), text: LocationFormView.optionLabel(option))
                        }
                    }
                }
                filters(outputs, words: layout.client.language.shows, strings: strings, into: &html)
                html.element("button", .id("apply"), .type("submit"), text: strings.apply)
            }
            myTheatres(outputs, layout: layout, into: &html)
            LocationFormView.render(
                nearest: outputs.nearestArea, nearestText: outputs.nearestAreaText,
                areaLink: { WebRoute.showtimes.path(ShowtimesQuery(outputs, date: outputs.date, area: $0)) },
                location: location,
                layout: layout, into: &html)
            html.element("nav", .class("dates"), .id("showtimes-dates"), .ariaLabel(strings.dates)) { html in
                for option in outputs.dates {
                    html.element(
                        "a", .attribute("data-date", "\(option.date)"),
                        .href(WebRoute.showtimes.path(ShowtimesQuery(outputs, date: option.date))),
                        .attribute("aria-current", "date", if: option.isSelected), text: option.label)
                }
            }
            html.element("div", .id(fragmentID), .attribute("aria-live", "polite")) { html in
                shows(outputs, language: layout.client.language, into: &html)
            }
        }
    }

    /// The page's query for `date` (and `area`), the filter included.
    /// The times a window can start from and end by: every hour of a show's day.
    private static let startHours = Array(9...23)
    private static let endHours = Array(12...26)

    /// The filters, part of the page's form (a GET: they are the page's address), folded away until
    /// one is set.
    private static func filters(
        _ outputs: ShowtimesViewModel.Outputs, words: ShowStrings, strings: UIStrings, into html: inout HTMLWriter
    ) {
        let filter = outputs.filter
        html.element("details", .class("filters"), .flag("open", !filter.isEmpty || outputs.run != nil)) { html in
            html.element("summary", text: words.filters)
            html.element("div", .class("filter-fields")) { html in
                func select(_ id: String, _ label: String, _ options: [(value: String, text: String, selected: Bool)]) {
                    html.element("div", .class("field")) { html in
                        html.element("label", .for("filter-\(id)"), text: label)
                        html.element("select", .id("filter-\(id)"), .name(id)) { html in
                            html.element("option", .value(""), text: words.any)
                            for option in options {
                                html.element(
                                    "option", .value(option.value), .flag("selected", option.selected),
                                    text: option.text)
                            }
                        }
                    }
                }
                select("spoken", words.spokenLanguage, outputs.spokenOptions.map { ($0.code, $0.name, $0.isSelected) })
                select(
                    "subs", words.subtitleLanguage, outputs.subtitleOptions.map { ($0.code, $0.name, $0.isSelected) })
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
                html.element("div", .class("field check")) { html in
                    html.voidElement(
                        "input", .type("checkbox"), .id("filter-mine"), .name("mine"), .value("1"),
                        .flag("checked", filter.onlyMyTheatres))
                    html.element("label", .for("filter-mine"), text: words.onlyMyTheatres)
                }
                MoviesView.runField(outputs.run, strings: strings, into: &html)
            }
            html.element("div", .id("clear-filters-slot")) { html in
                if !filter.isEmpty || outputs.run != nil {
                    let clear =
                        (outputs.movieID.map { "movie=\($0)&" } ?? "")
                        + "area=\(outputs.selectedArea)&date=\(outputs.date)"
                    html.element(
                        "a", .id("clear-filters"), .href("\(WebRoute.showtimes.path)?" + clear),
                        text: words.clearFilters)
                }
            }
        }
    }

    /// The person's own theatres, across areas: a form of its own (a change, behind the CSRF check).
    private static func myTheatres(
        _ outputs: ShowtimesViewModel.Outputs, layout: PageLayout, into html: inout HTMLWriter
    ) {
        let words = layout.client.language.shows
        html.element("details", .class("my-theatres")) { html in
            html.element("summary", text: words.myTheatres)
            html.element(
                "form", .id("my-theatres-form"), .method("post"), .action(WebRoute.setTheatres.path)
            ) { html in
                PageLayout.formFields(client: layout.client, back: layout.path, into: &html)
                // The checkboxes share a name: a fieldset makes them one group for assistive technology
                // (the summary above already shows its name, so the legend is for screen readers only).
                html.element("fieldset", .class("bare")) { html in
                    html.element("legend", .class("visually-hidden"), text: words.myTheatres)
                    html.element("ul", .class("theatre-choices")) { html in
                        for theatre in outputs.theatreOptions {
                            html.element("li") { html in
                                html.voidElement(
                                    "input", .type("checkbox"), .name("theatre"), .id("theatre-\(theatre.areaID)"),
                                    .value(theatre.areaID), .flag("checked", theatre.isMine))
                                html.element("label", .for("theatre-\(theatre.areaID)"), text: theatre.name)
                            }
                        }
                    }
                }
                html.element("button", .type("submit"), .id("save-theatres"), text: words.saveMyTheatres)
            }
        }
    }

    /// The inside of `#showtimes`.
    static func shows(_ outputs: ShowtimesViewModel.Outputs, language: UILanguage) -> SafeHTML {
        HTMLWriter.fragment { html in shows(outputs, language: language, into: &html) }
    }

    /// A show's badges as a list, each with its kind as a class (`show-badge-descriptiveSubtitles`):
    /// the special ones are drawn apart from the everyday ones.
    static func badges(_ badges: [ShowBadge], into html: inout HTMLWriter) {
        guard !badges.isEmpty else { return }
        html.element("ul", .class("show-badges")) { html in
            for badge in badges {
                let classes = badge.kind.isSpecial ? "show-badge special show-badge-" : "show-badge show-badge-"
                html.element("li", .class(classes + badge.kind.rawValue), text: badge.text)
            }
        }
    }

    private static func shows(_ outputs: ShowtimesViewModel.Outputs, language: UILanguage, into html: inout HTMLWriter)
    {
        let strings = language.strings
        PageLayout.messages(
            stale: outputs.staleNotice, error: outputs.errorMessage, missingTheatres: outputs.missingTheatres,
            into: &html)
        if let empty = outputs.emptyMessage {
            html.element("p", .class("empty"), text: empty)
        }
        if outputs.hiddenCount > 0 {
            html.element("p", .class("hidden-count"), text: language.shows.hiddenByFilters(String(outputs.hiddenCount)))
        }
        for theatre in outputs.theatres {
            html.element("section", .class("theatre")) { html in
                html.element("h2", text: theatre.name)
                html.element("ul", .class("shows")) { html in
                    for show in theatre.shows {
                        let page = WebRoute.show(area: show.area, date: outputs.date, id: show.id).path
                        html.element("li", .class("show")) { html in
                            html.element(
                                "a", .class("show-time"), .href(page),
                                .ariaLabel(show.time + ", " + language.shows.showDetails), text: show.time)
                            if outputs.movieID == nil {
                                html.element(
                                    "a", .class("show-title"), .href(WebRoute.movie(id: show.movieID).path),
                                    text: show.title)
                            }
                            html.element("span", .class("auditorium"), text: show.auditorium)
                            badges(show.badges, into: &html)
                            MoviesView.runBadges(show.runs, into: &html)
                            if let ticket = show.ticketURL, let scheme = ticket.scheme?.lowercased(),
                                scheme == "https" || scheme == "http"
                            {
                                html.element(
                                    "a", .class("ticket-link"), .rel("noopener"),
                                    .href(ticket.absoluteString), text: strings.tickets)
                            }
                        }
                    }
                }
            }
        }
    }
}
