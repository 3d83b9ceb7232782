import AppPatterns
import Crypto
import FinnkinoKit
import FinnkinoPresentation
import Foundation
import Hummingbird
import WebSupport

/// The Bookmarks tab and the changes of bookmarks:
///
/// - `GET /bookmarks`: the list, with next shows in the remembered (else home) area;
/// - `POST /bookmarks/remove` (`movie=…` for each checked one, or `only=…`): one change, which the
///   list then offers to undo;
/// - `POST /bookmarks/toggle` (`movie=…`): a movie page's button (Finnkino's or an international
///   list's) bookmarks the movie or removes it.
struct BookmarksController: Sendable {
    let app: AppDependencies
    let bookmarks: BookmarksScreens
    let renderer: PageRenderer
    /// The key of the person's feed addresses (``FeedToken``), listed under their wanted movies.
    let feedKey: SymmetricKey
    /// Whether the app is reached over https.
    let secure: Bool

    func add(to routes: RouteGroups) {
        routes.on(.bookmarks) { request, context in
            let client = context.client
            let area = client.area(asked: nil).showsArea
            let outputs = try await bookmarks.load(area: area, client: client)
            app.place(client).update { $0.tab = .bookmarks }
            // The area is in the page's own address, so that its live updates name the same shows.
            let layout = renderer.layout(client, path: BookmarksView.path(area: area))
            // (A browser that has changed nothing is in no group: no store is asked.)
            let groups =
                client.person == .nobody ? [] : (try? app.together.groups(of: client.person, now: app.now())) ?? []
            return renderer.page(
                BookmarksView.page(
                    outputs,
                    wanted: try wantedSection(request, client, layout: layout)
                        + digestSection(
                            request, client, layout: layout),
                    together: TogetherView.section(groups, layout: layout), layout: layout),
                client: client)
        }
        routes.on(.removeBookmarks) { _, context in
            let form = context.form
            let keys = (form["only"].map { [$0] } ?? form.all("movie")).compactMap(Bookmark.Key.init(formValue:))
            let client = context.client
            let outputs = try await bookmarks.load(area: client.area(asked: nil).showsArea, client: client) {
                viewModel in
                await viewModel.removeSelected(keys)
            }
            return ClientState.redirect(
                to: WebRoute.bookmarks.path, flash: outputs.undoBanner?.message ?? outputs.errorMessage)
        }
        routes.on(.toggleBookmark) { _, context in
            guard let key = context.form["movie"].flatMap(Bookmark.Key.init(formValue:)) else {
                throw HTTPError(.badRequest)
            }
            var actions = try bookmarks.actions(context.client)
            await actions.bookmarkToggled(key)
            return ClientState.redirect(to: ActionPage.path(of: key), flash: actions.outputs.message)
        }
    }

    /// The movies the person waits for, with their feeds' addresses (absolute: a calendar app is
    /// given the `webcal:` one).
    private func wantedSection(_ request: Request, _ client: ClientState, layout: PageLayout) throws -> SafeHTML {
        let wanted = try app.wanted.wanted(by: client.person)
        guard !wanted.isEmpty, let authority = request.head.authority else { return .empty }
        let tokens = try WantedController.tokens(of: client.person, wanted: app.wanted, key: feedKey)
        return WantedMoviesView.section(
            wanted, calendar: "webcal://" + authority + WebRoute.wantedCalendar(token: tokens.calendar).path,
            atom: (secure ? "https://" : "http://") + authority + WebRoute.wantedAtom(token: tokens.atom).path,
            pushKey: app.pushKey, layout: layout)
    }

    /// The weekly digest's form (for everyone: the digest lists bookmarks too), with the feed's
    /// address while the digest goes there.
    private func digestSection(_ request: Request, _ client: ClientState, layout: PageLayout) throws -> SafeHTML {
        let viewModel = WantedMoviesViewModel(
            store: nil, wanted: app.wanted, person: client.person, language: client.language, now: app.now)
        let form = viewModel.digestForm()
        var atom: String?
        if form.on, form.feed, let authority = request.head.authority {
            let tokens = try WantedController.tokens(of: client.person, wanted: app.wanted, key: feedKey)
            atom = (secure ? "https://" : "http://") + authority + WebRoute.wantedAtom(token: tokens.atom).path
        }
        return WantedMoviesView.digestSection(form, atom: atom, layout: layout)
    }
}
