import FinnkinoKit

/// A movie's trailer clip in the browser's player, with the button that opens it in the editor.
enum TrailerView {
    static func page(movieID: Int, title: String, layout: PageLayout) -> String {
        let strings = layout.client.strings
        let words = layout.client.language.editor
        return layout.render(title: strings.trailer + ": " + title, tab: nil, live: false) { html in
            html.raw("<p class=\"back\"><a href=\"\(WebRoute.movie(id: movieID).path)\">← ")
            html.text(title)
            html.raw("</a></p><h1>")
            html.text(strings.trailer + ": " + title)
            html.raw(
                "</h1><video id=\"trailer\" class=\"player\" controls playsinline preload=\"metadata\" src=\"\(WebRoute.trailerClip(movie: movieID).path)\"></video>"
            )
            html.raw("<form id=\"edit-form\" method=\"post\" action=\"\(WebRoute.openEditor.path)\">")
            PageLayout.formFields(client: layout.client, back: layout.path, into: &html)
            html.raw("<input type=\"hidden\" name=\"movie\" value=\"\(movieID)\"><button type=\"submit\" id=\"edit\">")
            html.text(words.editTrailer)
            html.raw("</button></form>")
        }
    }
}
