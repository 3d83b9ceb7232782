import FinnkinoKit
import FinnkinoPresentation
import Foundation
import WebSupport

/// The watchlist import's page: the form, what an import just did (the films on the programme with
/// what was done and where they play, those kept for later, the rows left out, each with why), the
/// films kept, and the last import's undo.
enum WatchlistView {
    static func page(_ outputs: WatchlistImportViewModel.Outputs, layout: PageLayout) -> SafeHTML {
        let words = layout.client.language.watchlist
        return layout.render(title: words.title, tab: .bookmarks, live: false, showsFlash: true) { html in
            html.element("h1", text: words.title)
            if let message = outputs.message ?? layout.client.flash {
                html.element("p", .class("notice"), .role("status"), .id("watchlist-message"), text: message)
            }
            if outputs.imported { report(outputs, words: words, into: &html) }
            html.element("p", text: words.intro)
            // A file sent as a form does, without a script: the token in the address (CSRFMiddleware).
            let action = WebRoute.importWatchlist.path + "?csrf=" + layout.client.csrf.value
            html.element(
                "form", .method("post"), .action(action), .attribute("enctype", "multipart/form-data"),
                .class("token-form"), .id("watchlist-form")
            ) { html in
                html.element("label", .for("watchlist-file"), text: words.fileLabel)
                html.voidElement(
                    "input", .type("file"), .id("watchlist-file"), .name("file"),
                    .attribute("accept", ".csv,.zip,.txt,text/csv,text/plain,application/zip"), .flag("required"))
                html.element("button", .type("submit"), .id("import-watchlist"), text: words.importButton)
            }
            if let last = outputs.lastImport {
                html.element("form", .method("post"), .action(WebRoute.undoWatchlistImport.path)) { html in
                    PageLayout.formFields(client: layout.client, back: WebRoute.watchlist.path, into: &html)
                    html.element("span", .class("facts"), text: last)
                    html.text(" ")
                    html.element("button", .type("submit"), .id("undo-import"), text: words.undo)
                }
            }
            if !outputs.kept.isEmpty {
                html.element("section", .attribute("aria-labelledby", "kept")) { html in
                    html.element("h2", .id("kept"), text: words.keptHeading)
                    html.element("p", text: words.keptIntro)
                    html.element("ul", .class("kept-films")) { html in
                        for film in outputs.kept { html.element("li", text: film) }
                    }
                }
            }
        }
    }

    private static func report(
        _ outputs: WatchlistImportViewModel.Outputs, words: WatchlistStrings, into html: inout HTMLWriter
    ) {
        html.element("section", .attribute("aria-labelledby", "on-programme"), .id("watchlist-report")) { html in
            html.element("h2", .id("on-programme"), text: words.matchedHeading + " (\(outputs.matched.count))")
            html.element("ul", .class("devices watchlist-matched")) { html in
                for film in outputs.matched {
                    html.element("li", .class("device")) { html in
                        html.element("a", .href(WebRoute.movie(id: film.movieID).path)) { html in
                            html.element("strong", text: film.title)
                        }
                        html.element("span", .class("facts"), text: film.fileTitle + " · " + film.done)
                        html.element("span", .class("facts"), text: film.when)
                    }
                }
            }
            if !outputs.missed.isEmpty {
                html.element("h3", text: words.keptHeading + " (\(outputs.missed.count))")
                html.element("ul", .class("watchlist-missed")) { html in
                    for film in outputs.missed {
                        html.element("li") { html in
                            html.element("strong", text: film.text)
                            html.text(": " + film.why)
                        }
                    }
                }
            }
            if !outputs.skipped.isEmpty {
                html.element("h3", text: words.skippedHeading + " (\(outputs.skipped.count))")
                html.element("ul", .class("watchlist-skipped")) { html in
                    for row in outputs.skipped { html.element("li", text: row.text + ": " + row.why) }
                }
            }
        }
    }
}
