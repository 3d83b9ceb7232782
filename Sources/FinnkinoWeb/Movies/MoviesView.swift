import FinnkinoKit
import FinnkinoPresentation
import Foundation
import WebSupport

/// Renders the Movies screen's outputs.
enum MoviesView {
    static let resultsID = "results"

    /// The Movies page around `results`, the rendered ``results(_:language:)`` of `outputs`.
    /// - Parameters:
    ///   - controls: `outputs`' search form and list switch (``controls(_:strings:)``).
    ///   - results: `outputs`' list (``results(_:language:)``).
    static func page(
        _ outputs: MoviesViewModel.Outputs, controls: Controls, results: SafeHTML, location: UserLocation?,
        layout: PageLayout
    ) -> SafeHTML {
        let strings = layout.client.strings
        return layout.render(title: strings.moviesTab, tab: .movies, live: true) { html in
            // The tab says where the person is: the heading is for screen readers only, so that the
            // posters start high (issue 18: 6 above the fold at 390x844, 12 at 1280x800).
            html.element("h1", .class("screen-title"), text: strings.moviesTab)
            html.append(controls.form)
            LocationFormView.render(
                nearest: outputs.nearestArea, nearestText: outputs.nearestAreaText,
                areaLink: { area in
                    var query = MoviesQuery(outputs)
                    query.area = AreaChoice(area)
                    return WebRoute.movies.path(query)
                }, location: location, layout: layout,
                into: &html)
            html.append(controls.lists)
            html.element("div", .id(resultsID), .attribute("aria-live", "polite")) { html in
                html.append(results)
            }
        }
    }

    /// The results fragment: the inside of `#results`.
    static func results(_ outputs: MoviesViewModel.Outputs, language: UILanguage) -> SafeHTML {
        var html = HTMLWriter(capacity: 12_288)
        results(outputs, strings: language.strings, words: language.shows, into: &html)
        return html.fragment
    }

    /// What a person uses to choose the list, written of the form's inputs alone (kept by
    /// ``MoviesFormCache``): the search form and the switch between the lists.
    struct Controls: Sendable, Equatable {
        /// The area, the list, the words and their scope, the order and the run filter.
        var form: SafeHTML
        /// Now in theatres or coming soon, each a link that keeps the rest of the form.
        var lists: SafeHTML
    }

    /// The controls of `outputs`.
    static func controls(_ outputs: MoviesViewModel.Outputs, strings: UIStrings) -> Controls {
        Controls(
            form: HTMLWriter.fragment(capacity: 4_096) { html in form(outputs, strings: strings, into: &html) },
            lists: HTMLWriter.fragment(capacity: 512) { html in listSwitch(outputs, strings: strings, into: &html) })
    }

    private static func form(_ outputs: MoviesViewModel.Outputs, strings: UIStrings, into html: inout HTMLWriter) {
        html.element(
            "form", .id("movies-form"), .method("get"), .action(WebRoute.movies.path),
            .attribute("data-results", WebRoute.moviesResults.path), .role("search")
        ) { html in
            html.element("div", .class("field")) { html in
                html.element("label", .for("area"), text: strings.area)
                html.element("select", .id("area"), .name("area")) { html in
                    for option in outputs.areas {
                        html.element(
                            "option", .value(option.id.map(String.init) ?? AreaChoice.allParameter),
                            .flag("selected", option.isSelected), text: LocationFormView.optionLabel(option))
                    }
                }
            }
            html.voidElement(
                "input", .type("hidden"), .name("list"), .value(outputs.list == .comingSoon ? "soon" : "now"))
            html.element("div", .class("field")) { html in
                html.element("label", .for("q"), text: strings.search)
                html.voidElement(
                    "input", .id("q"), .type("search"), .name("q"), .attribute("autocomplete", "off"),
                    .value(outputs.searchText), .attribute("placeholder", strings.searchPlaceholder))
            }
            html.element("fieldset", .class("scopes")) { html in
                html.element("legend", text: strings.scopeLabel)
                for (value, label, scope) in [
                    ("begins", strings.beginsWith, SearchScope.beginsWith), ("contains", strings.contains, .contains),
                ] {
                    html.element("label") { html in
                        html.voidElement(
                            "input", .type("radio"), .name("scope"), .value(value),
                            .flag("checked", outputs.scope == scope))
                        html.text(" ")
                        html.text(label)
                    }
                }
            }
            html.element("div", .class("field")) { html in
                html.element("label", .for("sort"), text: strings.sortLabel)
                html.element("select", .id("sort"), .name("sort")) { html in
                    for (sort, label) in [
                        (MovieSort.title, strings.sortByTitle), (.premiere, strings.sortByPremiere),
                        (.score, strings.sortByScore), (.length, strings.sortByLength),
                    ] {
                        html.element(
                            "option", .value(sort.rawValue), .flag("selected", outputs.sort == sort), text: label)
                    }
                }
            }
            if outputs.offersRuns {
                runField(outputs.run, strings: strings, into: &html)
            }
            html.element("button", .id("apply"), .type("submit"), text: strings.apply)
        }
    }

    /// The run filter (``ScreenRuns``): any, last chances, rare, back on screen. Shared by the
    /// Showtimes form.
    static func runField(_ selected: ScreenRuns.Kind?, strings: UIStrings, into html: inout HTMLWriter) {
        html.element("div", .class("field run-field")) { html in
            html.element("label", .for("run"), text: strings.runFilterLabel)
            html.element("select", .id("run"), .name("run")) { html in
                html.element("option", .value(""), .flag("selected", selected == nil), text: strings.runAny)
                for kind in ScreenRuns.Kind.allCases {
                    html.element(
                        "option", .value(kind.rawValue), .flag("selected", selected == kind),
                        text: strings.runChoice(kind))
                }
            }
        }
    }

    /// A card's run badges: their short words over the poster's lower edge, so that a card is no
    /// taller for them (the whole words are the badge's title; the movie page says them all).
    static func cardRuns(_ badges: [RunBadge], into html: inout HTMLWriter) {
        guard !badges.isEmpty else { return }
        html.element("span", .class("card-runs")) { html in
            for badge in badges {
                html.element(
                    "span", .class("run-badge run-" + badge.kind.rawValue), .title(badge.text), text: badge.label)
            }
        }
    }

    /// A movie's or a show's run badges (last chance, rare, back on screen).
    static func runBadges(_ badges: [RunBadge], into html: inout HTMLWriter) {
        for badge in badges {
            html.element("span", .class("run-badge run-" + badge.kind.rawValue), text: badge.text)
        }
    }

    private static func listSwitch(_ outputs: MoviesViewModel.Outputs, strings: UIStrings, into html: inout HTMLWriter)
    {
        html.element("nav", .class("lists"), .ariaLabel(strings.moviesTab)) { html in
            for (list, value, label) in [
                (EventListType.nowInTheatres, "now", strings.nowInTheatres), (.comingSoon, "soon", strings.comingSoon),
            ] {
                var query = MoviesQuery(outputs)
                query.list = list
                html.element(
                    "a", .attribute("data-list", value), .href(WebRoute.movies.path(query)),
                    .current(outputs.list == list), text: label)
            }
        }
    }

    private static func results(
        _ outputs: MoviesViewModel.Outputs, strings: UIStrings, words: ShowStrings, into html: inout HTMLWriter
    ) {
        PageLayout.messages(
            stale: outputs.staleNotice, error: outputs.errorMessage, missingTheatres: outputs.missingTheatres,
            into: &html)
        if let empty = outputs.emptyMessage {
            html.element("p", .class("empty"), text: empty)
        }
        if !outputs.indexLetters.isEmpty {
            html.element("nav", .class("az"), .ariaLabel(strings.alphabetIndex)) { html in
                for letter in outputs.indexLetters {
                    html.element("a", .href("#" + anchor(letter)), text: letter)
                }
            }
        }
        if outputs.hiddenCount > 0 {
            html.element("p", .class("hidden-movies-link")) { html in
                html.element(
                    "a", .href(WebRoute.hiddenMovies.path), text: words.hiddenHere(String(outputs.hiddenCount)))
            }
        }
        // One grid of posters; each letter's heading (the index's target) is on its first movie.
        guard !outputs.sections.isEmpty else { return }
        html.element("ul", .class("movies poster-grid")) { html in
            for section in outputs.sections {
                for (index, row) in section.rows.enumerated() {
                    html.element("li", .class("movie")) { html in
                        if index == 0, let letter = section.letter {
                            html.element("h2", .class("letter"), .id(anchor(letter)), text: letter)
                        }
                        html.element("a", .class("movie-link"), .href(WebRoute.movie(id: row.id).path)) { html in
                            PageLayout.image(
                                row.thumbnailURL, variant: ImageVariants.listThumbnail, className: "thumb", width: 99,
                                height: 146, into: &html)
                            html.element("span", .class("movie-title"), text: row.title)
                            html.element("span", .class("movie-length"), text: row.length)
                            html.element("span", .class("movie-genres"), text: row.genres)
                            html.element("span", .class("movie-age"), .title(strings.ageLabel), text: row.age)
                            if let scores = row.scores {
                                html.element("span", .class("movie-scores"), text: scores)
                            }
                            cardRuns(row.runs, into: &html)
                        }
                    }
                }
            }
        }
    }

    /// `letter-A`; `#` (digits and symbols) is `letter-0`.
    static func anchor(_ letter: String) -> String {
        letter == "#" ? "letter-0" : "letter-" + letter
    }
}
