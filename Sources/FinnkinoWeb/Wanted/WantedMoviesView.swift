import FinnkinoKit
import FinnkinoPresentation
import WebSupport

/// The Bookmarks page's list of the movies the person waits for ("Tell me when it's on"), each
/// with what they were told, and their private feeds' addresses.
enum WantedMoviesView {
    /// The section, nothing when the person waits for no movie. `calendar` is the calendar feed's
    /// `webcal:` address, `atom` the Atom feed's.
    static func section(
        _ wanted: [WantedMovie], calendar: String, atom: String, pushKey: String, layout: PageLayout
    ) -> String {
        guard !wanted.isEmpty else { return "" }
        let words = layout.client.language.alerts
        var html = HTMLWriter()
        html.raw("<section id=\"wanted-movies\" aria-labelledby=\"wanted-heading\"><h2 id=\"wanted-heading\">")
        html.text(words.heading)
        html.raw("</h2><ul class=\"wanted-list\">")
        for movie in wanted {
            html.raw("<li class=\"wanted-movie\" data-movie=\"\(movie.movieID)\"><a href=\"")
            html.raw(WebRoute.movie(id: movie.movieID).path)
            html.raw("\">")
            html.text(movie.title)
            html.raw("</a><span class=\"wanted-status\">")
            html.text(movie.announcement.map(words.announcement) ?? words.notYet)
            html.raw("</span></li>")
        }
        html.raw("</ul>")
        // Notifications on this device: a toggle (pressed while on) the script shows where the
        // browser can take them.
        html.raw("<p class=\"push-setting\"><button type=\"button\" id=\"push-toggle\" hidden")
        html.raw(" data-push-key=\"\(pushKey)\" data-push-subscribe=\"\(WebRoute.subscribePush.path)\"")
        html.raw(" data-push-unsubscribe=\"\(WebRoute.unsubscribePush.path)\" aria-pressed=\"false\">")
        html.text(words.pushOn)
        html.raw("</button></p><p class=\"feeds-note\">")
        html.text(words.feedsNote)
        html.raw("</p><p class=\"feed-links\"><a id=\"calendar-feed\" class=\"button\" href=\"")
        html.text(calendar)
        html.raw("\">")
        html.text(words.subscribeCalendar)
        html.raw("</a> <a id=\"atom-feed\" type=\"application/atom+xml\" href=\"")
        html.text(atom)
        html.raw("\">")
        html.text(words.atomFeed)
        html.raw("</a></p><form method=\"post\" action=\"\(WebRoute.renewFeeds.path)\">")
        PageLayout.formFields(client: layout.client, back: WebRoute.bookmarks.path, into: &html)
        html.raw("<button type=\"submit\" id=\"renew-feeds\">")
        html.text(words.renewFeeds)
        html.raw("</button></form></section>")
        return html.html
    }
}
