import FinnkinoKit
import FinnkinoPresentation
import Foundation
import Hummingbird
import WebSupport

/// "Watch together":
///
/// - `POST /together` (`nickname`): a new group of the person, then its page;
/// - `GET /together/<code>`: a member sees the group (the movies more than one of them follows and
///   their shows that suit everyone); anyone else sees how many are in it and a form to join;
/// - `GET /together/<code>/list`: the list alone, which the page asks for again every
///   ``refreshSeconds`` seconds: a member's bookmark or wish, made on any instance, shows within
///   that (a database is the one place every instance shares; a stream per page would hold a
///   connection per member open for nothing but this);
/// - `POST /together/<code>/join` (`nickname`), `…/leave` (its maker's leaving ends it),
///   `…/constraints` (`evenings=1`, `mine=1`: evenings only, only the person's own theatres).
///
/// A link that is no group's, expired or revoked, is 404 with the reason.
struct TogetherController: Sendable {
    let app: AppDependencies
    let renderer: PageRenderer

    /// How often an open group page reads its list again.
    static let refreshSeconds = 10

    func add(to routes: RouteGroups) {
        routes.on(.newTogether) { _, context in
            let client = context.client
            let nickname = String((context.form["nickname"] ?? "").prefix(1000))
            guard
                let group = try app.together.make(
                    by: client.person, nickname: nickname, area: client.area(asked: nil).showsArea, now: app.now())
            else {
                context.changeFailed()
                return ClientState.redirect(to: WebRoute.bookmarks.path, flash: client.language.together.tooMany)
            }
            return ClientState.redirect(to: WebRoute.together(code: group.code.text).path, flash: nil)
        }
        routes.on(.together) { _, context in
            let client = context.client
            guard let (code, group) = try found(context) else { return gonePage(client) }
            let path = WebRoute.together(code: code.text).path
            let layout = renderer.layout(client, path: path)
            guard group.member(client.person) != nil else {
                return renderer.page(TogetherView.joinPage(group, layout: layout), client: client)
            }
            let outputs = await load(group, client: client)
            return renderer.page(TogetherView.page(outputs, code: code, layout: layout), client: client)
        }
        routes.on(.togetherList) { _, context in
            let client = context.client
            guard let (code, group) = try found(context), group.member(client.person) != nil else {
                throw HTTPError(.notFound)
            }
            let outputs = await load(group, client: client)
            let html = TogetherView.list(outputs, code: code, language: client.language)
            return renderer.page(html, client: client)
        }
        routes.on(.joinTogether) { _, context in
            let client = context.client
            guard let code = context.parameters.get("code").flatMap(TogetherCode.init(text:)) else {
                throw HTTPError(.notFound)
            }
            let nickname = String((context.form["nickname"] ?? "").prefix(1000))
            let joined = try app.together.join(
                code, person: client.person, nickname: nickname, area: client.area(asked: nil).showsArea,
                now: app.now())
            switch joined {
            case .joined, .alreadyIn:
                return ClientState.redirect(to: WebRoute.together(code: code.text).path, flash: nil)
            case .full:
                context.changeFailed()
                return ClientState.redirect(
                    to: WebRoute.together(code: code.text).path, flash: client.language.together.full)
            case .gone:
                context.changeFailed()
                return gonePage(client)
            }
        }
        routes.on(.leaveTogether) { _, context in
            let client = context.client
            guard let code = context.parameters.get("code").flatMap(TogetherCode.init(text:)),
                try app.together.leave(code, person: client.person)
            else { throw HTTPError(.notFound) }
            return ClientState.redirect(to: WebRoute.bookmarks.path, flash: nil)
        }
        routes.on(.setTogether) { _, context in
            let client = context.client
            guard let (code, group) = try found(context), var member = group.member(client.person) else {
                throw HTTPError(.notFound)
            }
            member.eveningsOnly = context.form["evenings"] == "1"
            member.theatres = context.form["mine"] == "1" ? app.place(client).place.myTheatres ?? [] : []
            member.area = client.area(asked: nil).showsArea
            _ = try app.together.update(member, in: code)
            return ClientState.redirect(to: WebRoute.together(code: code.text).path, flash: nil)
        }
    }

    /// The group the address names, when its link works.
    private func found(_ context: PageRequestContext) throws -> (TogetherCode, TogetherGroup)? {
        guard let code = context.parameters.get("code").flatMap(TogetherCode.init(text:)),
            let group = try app.together.group(code, now: app.now())
        else { return nil }
        return (code, group)
    }

    /// The group's page for a member of it.
    private func load(_ group: TogetherGroup, client: ClientState) async -> TogetherViewModel.Outputs {
        guard let store = try? app.store(client) else {
            var outputs = TogetherViewModel.Outputs()
            outputs.errorMessage = client.strings.loadFailed
            return outputs
        }
        var viewModel = TogetherViewModel(store: store, language: client.language, now: app.now)
        viewModel.groupChanged(group, viewer: client.person)
        viewModel.followedMoviesRead(app.sharedMovies)
        await viewModel.load()
        return viewModel.outputs
    }

    private func gonePage(_ client: ClientState) -> Response {
        let layout = renderer.layout(client, path: WebRoute.bookmarks.path)
        return renderer.page(TogetherView.gonePage(layout: layout), client: client, status: .notFound)
    }
}
