import FinnkinoKit
import FinnkinoPresentation
import WebSupport

/// The Bookmarks page's list of the movies the person waits for ("Tell me when it's on"), each
/// with what they were told, their private feeds' addresses, and their weekly digest's form.
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

    /// The weekly digest's form: on or off, the day and hour, by push and/or in the feed (a form
    /// that works without a script). `atom` is the feed's address, shown while the digest goes there.
    static func digestSection(_ form: WantedMoviesViewModel.DigestForm, atom: String?, layout: PageLayout) -> SafeHTML {
        let words = layout.client.language.digest
        var html = HTMLWriter(capacity: 4096)
        html.element("section", .id("weekly-digest"), .attribute("aria-labelledby", "digest-heading")) { html in
            html.element("h2", .id("digest-heading"), text: words.heading)
            html.element("p", .class("digest-note"), text: words.note)
            html.element("form", .method("post"), .action(WebRoute.setDigest.path), .class("digest-form")) { html in
                PageLayout.formFields(client: layout.client, back: WebRoute.bookmarks.path, into: &html)
                check("on", words.turnOn, checked: form.on, into: &html)
                html.element("div", .class("field")) { html in
                    html.element("label", .for("digest-weekday"), text: words.day)
                    html.element("select", .id("digest-weekday"), .name("weekday")) { html in
                        for (index, name) in form.weekdays.enumerated() {
                            html.element(
                                "option", .value(index + 1), .flag("selected", form.weekday == index + 1), text: name)
                        }
                    }
                }
                html.element("div", .class("field")) { html in
                    html.element("label", .for("digest-hour"), text: words.hour)
                    html.element("select", .id("digest-hour"), .name("hour")) { html in
                        for hour in 0..<24 {
                            html.element(
                                "option", .value(hour), .flag("selected", form.hour == hour),
                                text: (hour < 10 ? "0" : "") + String(hour) + ":00")
                        }
                    }
                }
                check("push", words.byPush, checked: form.push, into: &html)
                check("feed", words.inFeed, checked: form.feed, into: &html)
                html.element("button", .type("submit"), .id("save-digest"), text: words.save)
            }
            if form.on, form.feed, let atom {
                html.element(
                    "p", .class("feed-links")
                ) { html in
                    html.element(
                        "a", .id("digest-atom"), .type("application/atom+xml"), .href(atom),
                        text: layout.client.language.alerts.atomFeed)
                }
            }
        }
        return html.fragment
    }

    private static func check(_ name: String, _ label: String, checked: Bool, into html: inout HTMLWriter) {
        html.element("div", .class("field check")) { html in
            html.voidElement(
                "input", .type("checkbox"), .id("digest-\(name)"), .name(name), .value("1"), .flag("checked", checked))
            html.element("label", .for("digest-\(name)"), text: label)
        }
    }
}
