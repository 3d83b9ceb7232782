import FinnkinoKit
import FinnkinoPresentation
import Foundation
import WebSupport

/// Renders the Movies screen's outputs.
enum MoviesView {
    static let resultsID = "results"

    /// The Movies page around `results`, the rendered ``results(_:language:)`` of `outputs`.
    static func page(
        _ outputs: MoviesViewModel.Outputs, results: String, location: UserLocation?, layout: PageLayout
    ) -> String {
        let strings = layout.client.strings
        return layout.render(title: strings.moviesTab, tab: .movies, live: true) { html in
            // The tab says where the person is: the heading is for screen readers only, so that the
            // posters start high (issue 18: 6 above the fold at 390x844, 12 at 1280x800).
            html.raw("<h1 class=\"screen-title\">")
            html.text(strings.moviesTab)
            html.raw("</h1>")
            form(outputs, strings: strings, into: &html)
            LocationFormView.render(
                nearest: outputs.nearestArea, nearestText: outputs.nearestAreaText,
                areaLink: { area in
                    var query = MoviesQuery(outputs)
                    query.area = AreaChoice(area)
                    return WebRoute.movies.path(query)
                }, location: location, layout: layout,
                into: &html)
            listSwitch(outputs, strings: strings, into: &html)
            html.raw("<div id=\"\(resultsID)\" aria-live=\"polite\">")
            html.raw(results)
            html.raw("</div>")
        }
    }

    /// The results fragment: the inside of `#results`.
    static func results(_ outputs: MoviesViewModel.Outputs, language: UILanguage) -> String {
        var html = HTMLWriter(capacity: 12_288)
        results(outputs, strings: language.strings, words: language.shows, into: &html)
        return html.html
    }

    private static func form(_ outputs: MoviesViewModel.Outputs, strings: UIStrings, into html: inout HTMLWriter) {
        html.raw(
            "<form id=\"movies-form\" method=\"get\" action=\"\(WebRoute.movies.path)\" data-results=\"\(WebRoute.moviesResults.path)\" role=\"search\"><div class=\"field\">"
        )
        html.raw("<label for=\"area\">")
        html.text(strings.area)
        html.raw("</label><select id=\"area\" name=\"area\">")
        for option in outputs.areas {
            html.raw("<option value=\"")
            html.raw(option.id.map(String.init) ?? AreaChoice.allParameter)
            html.raw(option.isSelected ? "\" selected>" : "\">")
            html.text(LocationFormView.optionLabel(option))
            html.raw("</option>")
        }
        html.raw("</select></div><input type=\"hidden\" name=\"list\" value=\"")
        html.raw(outputs.list == .comingSoon ? "soon" : "now")
        html.raw("\"><div class=\"field\"><label for=\"q\">")
        html.text(strings.search)
        html.raw("</label><input id=\"q\" type=\"search\" name=\"q\" autocomplete=\"off\" value=\"")
        html.text(outputs.searchText)
        html.raw("\" placeholder=\"")
        html.text(strings.searchPlaceholder)
        html.raw("\"></div><fieldset class=\"scopes\"><legend>")
        html.text(strings.scopeLabel)
        html.raw("</legend>")
        for (value, label, scope) in [
            ("begins", strings.beginsWith, SearchScope.beginsWith), ("contains", strings.contains, .contains),
        ] {
            html.raw("<label><input type=\"radio\" name=\"scope\" value=\"\(value)\"")
            if outputs.scope == scope { html.raw(" checked") }
            html.raw("> ")
            html.text(label)
            html.raw("</label>")
        }
        html.raw("</fieldset><div class=\"field\"><label for=\"sort\">")
        html.text(strings.sortLabel)
        html.raw("</label><select id=\"sort\" name=\"sort\">")
        for (sort, label) in [
            (MovieSort.title, strings.sortByTitle), (.premiere, strings.sortByPremiere), (.score, strings.sortByScore),
            (.length, strings.sortByLength),
        ] {
            html.raw("<option value=\"\(sort.rawValue)\"")
            html.raw(outputs.sort == sort ? " selected>" : ">")
            html.text(label)
            html.raw("</option>")
        }
        html.raw("</select></div><button id=\"apply\" type=\"submit\">")
        html.text(strings.apply)
        html.raw("</button></form>")
    }

    private static func listSwitch(_ outputs: MoviesViewModel.Outputs, strings: UIStrings, into html: inout HTMLWriter)
    {
        html.raw("<nav class=\"lists\" aria-label=\"")
        html.text(strings.moviesTab)
        html.raw("\">")
        for (list, value, label) in [
            (EventListType.nowInTheatres, "now", strings.nowInTheatres), (.comingSoon, "soon", strings.comingSoon),
        ] {
            var query = MoviesQuery(outputs)
            query.list = list
            html.raw("<a data-list=\"\(value)\" href=\"")
            html.text(WebRoute.movies.path(query))
            html.raw(outputs.list == list ? "\" aria-current=\"page\">" : "\">")
            html.text(label)
            html.raw("</a>")
        }
        html.raw("</nav>")
    }

    private static func results(
        _ outputs: MoviesViewModel.Outputs, strings: UIStrings, words: ShowStrings, into html: inout HTMLWriter
    ) {
        PageLayout.messages(stale: outputs.staleNotice, error: outputs.errorMessage, into: &html)
        if let empty = outputs.emptyMessage {
            html.raw("<p class=\"empty\">")
            html.text(empty)
            html.raw("</p>")
        }
        if !outputs.indexLetters.isEmpty {
            html.raw("<nav class=\"az\" aria-label=\"")
            html.text(strings.alphabetIndex)
            html.raw("\">")
            for letter in outputs.indexLetters {
                html.raw("<a href=\"#")
                html.text(anchor(letter))
                html.raw("\">")
                html.text(letter)
                html.raw("</a>")
            }
            html.raw("</nav>")
        }
        if outputs.hiddenCount > 0 {
            html.raw("<p class=\"hidden-movies-link\"><a href=\"\(WebRoute.hiddenMovies.path)\">")
            html.text(words.hiddenHere(String(outputs.hiddenCount)))
            html.raw("</a></p>")
        }
        // One grid of posters; each letter's heading (the index's target) is on its first movie.
        guard !outputs.sections.isEmpty else { return }
        html.raw("<ul class=\"movies poster-grid\">")
        for section in outputs.sections {
            for (index, row) in section.rows.enumerated() {
                html.raw("<li class=\"movie\">")
                if index == 0, let letter = section.letter {
                    html.raw("<h2 class=\"letter\" id=\"")
                    html.text(anchor(letter))
                    html.raw("\">")
                    html.text(letter)
                    html.raw("</h2>")
                }
                html.raw("<a class=\"movie-link\" href=\"\(WebRoute.movie(id: row.id).path)\">")
                PageLayout.image(
                    row.thumbnailURL, variant: ImageVariants.listThumbnail, className: "thumb", width: 99, height: 146,
                    into: &html)
                html.raw("<span class=\"movie-title\">")
                html.text(row.title)
                html.raw("</span><span class=\"movie-length\">")
                html.text(row.length)
                html.raw("</span><span class=\"movie-genres\">")
                html.text(row.genres)
                html.raw("</span><span class=\"movie-age\" title=\"")
                html.text(strings.ageLabel)
                html.raw("\">")
                html.text(row.age)
                html.raw("</span>")
                if let scores = row.scores {
                    html.raw("<span class=\"movie-scores\">")
                    html.text(scores)
                    html.raw("</span>")
                }
                html.raw("</a></li>")
            }
        }
        html.raw("</ul>")
    }

    /// `letter-A`; `#` (digits and symbols) is `letter-0`.
    static func anchor(_ letter: String) -> String {
        letter == "#" ? "letter-0" : "letter-" + letter
    }
}
