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
    ) -> SafeHTML {
        guard !wanted.isEmpty else { return .empty }
        let words = layout.client.language.alerts
        var html = HTMLWriter()
        html.element("section", .id("wanted-movies"), .attribute("aria-labelledby", "wanted-heading")) { html in
            html.element("h2", .id("wanted-heading"), text: words.heading)
            html.element("ul", .class("wanted-list")) { html in
                for movie in wanted {
                    html.element("li", .class("wanted-movie"), .attribute("data-movie", movie.movieID)) { html in
                        html.element("a", .href(WebRoute.movie(id: movie.movieID).path), text: movie.title)
                        html.element(
                            "span", .class("wanted-status"),
                            text: movie.announcement.map(words.announcement) ?? words.notYet)
                    }
                }
            }
            // Notifications on this device: a toggle (pressed while on) the script shows where the
            // browser can take them.
            html.element("p", .class("push-setting")) { html in
                html.element(
                    "button", .type("button"), .id("push-toggle"), .flag("hidden"),
                    .attribute("data-push-key", pushKey),
                    .attribute("data-push-subscribe", WebRoute.subscribePush.path),
                    .attribute("data-push-unsubscribe", WebRoute.unsubscribePush.path),
                    .attribute("aria-pressed", "false"), text: words.pushOn)
            }
            html.element("p", .class("feeds-note"), text: words.feedsNote)
            html.element("p", .class("feed-links")) { html in
                html.element(
                    "a", .id("calendar-feed"), .class("button"), .href(calendar), text: words.subscribeCalendar)
                html.text(" ")
                html.element("a", .id("atom-feed"), .type("application/atom+xml"), .href(atom), text: words.atomFeed)
            }
            html.element("form", .method("post"), .action(WebRoute.renewFeeds.path)) { html in
                PageLayout.formFields(client: layout.client, back: WebRoute.bookmarks.path, into: &html)
                html.element("button", .type("submit"), .id("renew-feeds"), text: words.renewFeeds)
            }
        }
        return html.fragment
    }
}
