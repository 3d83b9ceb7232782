import FinnkinoKit
import FinnkinoPresentation
import Foundation
import WebSupport

/// The pages of "watch together": a member's view of the group, the join form, a link that is gone.
enum TogetherView {
    /// The list's element: replaced by its fragment every ``TogetherController/refreshSeconds``.
    static let listID = "together-list"

    static func page(_ outputs: TogetherViewModel.Outputs, code: TogetherCode, layout: PageLayout) -> SafeHTML {
        let words = layout.client.language.together
        return layout.render(title: words.title, tab: .bookmarks, live: false, showsFlash: true) { html in
            html.element("h1", text: words.title)
            if let flash = layout.client.flash {
                html.element("p", .class("notice"), .role("status"), text: flash)
            }
            if let share = outputs.shareText { html.element("p", .class("together-share"), text: share) }
            html.element("p", .class("together-members")) { html in
                html.element("span", .class("label"), text: words.inTheGroup + ": ")
                html.text(outputs.nicknames.joined(separator: ", "))
            }
            html.element(
                "div", .id(listID), .attribute("data-refresh", WebRoute.togetherList(code: code.text).path),
                .attribute("data-seconds", String(TogetherController.refreshSeconds)),
                .attribute("aria-live", "polite")
            ) { html in
                list(outputs, words: words, into: &html)
            }
            if let me = outputs.me {
                html.element(
                    "form", .method("post"), .action(WebRoute.setTogether(code: code.text).path),
                    .class("together-constraints")
                ) { html in
                    PageLayout.formFields(
                        client: layout.client, back: WebRoute.together(code: code.text).path, into: &html)
                    check("evenings", words.eveningsOnly, checked: me.eveningsOnly, into: &html)
                    check("mine", words.onlyMyTheatres, checked: !me.theatres.isEmpty, into: &html)
                    html.element("button", .type("submit"), .id("save-constraints"), text: words.saveConstraints)
                }
            }
            html.element("form", .method("post"), .action(WebRoute.leaveTogether(code: code.text).path)) { html in
                PageLayout.formFields(client: layout.client, back: WebRoute.bookmarks.path, into: &html)
                html.element(
                    "button", .type("submit"), .id("leave-together"), .class("secondary"),
                    text: outputs.isOwner ? words.end : words.leave)
            }
        }
    }

    private static func check(_ name: String, _ label: String, checked: Bool, into html: inout HTMLWriter) {
        html.element("div", .class("field check")) { html in
            html.voidElement(
                "input", .type("checkbox"), .id("together-\(name)"), .name(name), .value("1"), .flag("checked", checked)
            )
            html.element("label", .for("together-\(name)"), text: label)
        }
    }

    /// The list alone (the fragment the page asks for again).
    static func list(_ outputs: TogetherViewModel.Outputs, code: TogetherCode, language: UILanguage) -> SafeHTML {
        var html = HTMLWriter(capacity: 4096)
        list(outputs, words: language.together, into: &html)
        return html.fragment
    }

    private static func list(_ outputs: TogetherViewModel.Outputs, words: TogetherStrings, into html: inout HTMLWriter)
    {
        PageLayout.messages(stale: nil, error: outputs.errorMessage, into: &html)
        if let empty = outputs.emptyMessage { html.element("p", .class("empty"), text: empty) }
        guard !outputs.movies.isEmpty else { return }
        html.element("ol", .class("together-movies")) { html in
            for movie in outputs.movies {
                html.element("li", .class("together-movie"), .attribute("data-movie", String(movie.id))) { html in
                    html.element("h2") { html in
                        html.element("a", .href(WebRoute.movie(id: movie.id).path), text: movie.title)
                    }
                    html.element("p", .class("facts"), text: movie.wantedBy)
                    guard !movie.shows.isEmpty else { return }
                    html.element("ul", .class("together-shows")) { html in
                        for show in movie.shows {
                            html.element("li") { html in
                                html.element(
                                    "a", .class("together-show"),
                                    .href(WebRoute.show(area: show.area, date: show.date, id: show.id).path),
                                    text: show.time)
                                html.text(" · " + show.theatre)
                            }
                        }
                    }
                }
            }
        }
    }

    /// What someone not in the group sees: how many are in it, and the form to join (or that it is full).
    static func joinPage(_ group: TogetherGroup, layout: PageLayout) -> SafeHTML {
        let words = layout.client.language.together
        let code = group.code.text
        return layout.render(title: words.title, tab: .bookmarks, live: false, showsFlash: true) { html in
            html.element("h1", text: words.title)
            if let flash = layout.client.flash {
                html.element("p", .class("notice"), .role("status"), text: flash)
            }
            guard group.members.count < TogetherLimits.members else {
                html.element("p", .class("empty"), text: words.full)
                return
            }
            html.element("p", text: words.joinIntro(String(group.members.count)))
            html.element(
                "form", .method("post"), .action(WebRoute.joinTogether(code: code).path), .class("token-form"),
                .id("join-together")
            ) { html in
                PageLayout.formFields(client: layout.client, back: WebRoute.together(code: code).path, into: &html)
                nickname(words, into: &html)
                html.element("button", .type("submit"), .id("join"), text: words.join)
            }
        }
    }

    /// The nickname field of the forms that make or join a group.
    static func nickname(_ words: TogetherStrings, into html: inout HTMLWriter) {
        html.element("label", .for("together-nickname"), text: words.nicknameLabel)
        html.voidElement(
            "input", .type("text"), .id("together-nickname"), .name("nickname"), .flag("required"),
            .attribute("maxlength", String(TogetherLimits.nicknameLength)), .attribute("autocomplete", "nickname"))
    }

    static func gonePage(layout: PageLayout) -> SafeHTML {
        let words = layout.client.language.together
        return layout.render(title: words.title, tab: .bookmarks, live: false) { html in
            html.element("h1", text: words.title)
            html.element("p", .class("empty"), text: words.gone)
        }
    }

    /// The Bookmarks page's part: the person's groups, and the form that makes one.
    static func section(_ groups: [TogetherGroup], layout: PageLayout) -> SafeHTML {
        let words = layout.client.language.together
        var html = HTMLWriter(capacity: 2048)
        html.element("section", .class("together"), .attribute("aria-labelledby", "together-title")) { html in
            html.element("h2", .id("together-title"), text: words.title)
            html.element("p", text: words.intro)
            if !groups.isEmpty {
                html.element("ul", .class("together-groups")) { html in
                    for group in groups {
                        html.element("li") { html in
                            html.element(
                                "a", .href(WebRoute.together(code: group.code.text).path),
                                text: group.members.map(\.nickname).joined(separator: ", "))
                        }
                    }
                }
            }
            html.element(
                "form", .method("post"), .action(WebRoute.newTogether.path), .class("token-form"), .id("new-together")
            ) { html in
                PageLayout.formFields(client: layout.client, back: WebRoute.bookmarks.path, into: &html)
                nickname(words, into: &html)
                html.element("button", .type("submit"), .id("make-together"), text: words.makeLink)
            }
        }
        return html.fragment
    }
}
