import FinnkinoKit
import WebSupport

/// A movie's trailer clip in the browser's player, with the button that opens it in the editor.
enum TrailerView {
    static func page(movieID: Int, title: String, layout: PageLayout) -> SafeHTML {
        let strings = layout.client.strings
        let words = layout.client.language.editor
        return layout.render(title: strings.trailer + ": " + title, tab: nil, live: false) { html in
            html.element("p", .class("back")) { html in
                html.element("a", .href(WebRoute.movie(id: movieID).path)) { html in
                    html.text("← ")
                    html.text(title)
                }
            }
            html.element("h1", text: strings.trailer + ": " + title)
            html.element(
                "video", .id("trailer"), .class("player"), .flag("controls"), .flag("playsinline"),
                .attribute("preload", "metadata"), .src(WebRoute.trailerClip(movie: movieID).path)
            ) { _ in }
            html.element("form", .id("edit-form"), .method("post"), .action(WebRoute.openEditor.path)) {
                html in
                PageLayout.formFields(client: layout.client, back: layout.path, into: &html)
                html.voidElement("input", .type("hidden"), .name("movie"), .value(movieID))
                html.element("button", .type("submit"), .id("edit"), text: words.editTrailer)
            }
        }
    }
}
