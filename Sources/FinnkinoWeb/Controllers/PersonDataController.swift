import Crypto
import FinnkinoKit
import Foundation
import Hummingbird

/// The person's own data, as people in the EU expect:
///
/// - `GET /me/data`: everything kept of them, as a JSON file (``PersonDataDocument``);
/// - `POST /me/delete` (`confirm=yes`): everything of them erased (``PersonEraser``); the
///   browser forgets its session and is a new person on its next page.
struct PersonDataController: Sendable {
    let screens: Screens
    let persons: PersonStore
    let eraser: PersonEraser
    /// The key of the private feeds' addresses (``FeedToken``).
    let feedKey: SymmetricKey

    func add(to routes: RouteGroups) {
        routes.on(.myData) { _, context in
            let client = context.client
            let tokens = try WantedFeedsController.tokens(of: client.person, wanted: eraser.wanted, key: feedKey)
            let document = try PersonDataDocument(
                person: client.person, persons: persons, bookmarks: try screens.bookmarkStore(client),
                place: screens.place(client).place, location: screens.location(client).location,
                library: eraser.library, jobs: eraser.sessions.jobs,
                editors: eraser.sessions.sessions(of: client.person),
                wanted: eraser.wanted,
                feeds: PersonDataDocument.Feeds(
                    calendar: WebRoute.wantedCalendar(token: tokens.calendar).path,
                    atom: WebRoute.wantedAtom(token: tokens.atom).path),
                pushSubscriptions: eraser.pushSubscriptions, now: screens.now())
            return Response(
                status: .ok,
                headers: [
                    .contentType: "application/json; charset=utf-8", .cacheControl: "no-store",
                    .contentDisposition: "attachment; filename=\"finnkino-data.json\"",
                ],
                body: ResponseBody(byteBuffer: ByteBuffer(data: try document.json())))
        }
        routes.on(.deleteMe) { _, context in
            let form = context.form
            let client = context.client
            let words = client.language.devices
            guard form["confirm"] == "yes" else {
                context.changeFailed()
                return ClientState.redirect(to: WebRoute.devices.path, flash: words.confirmFirst)
            }
            try await eraser.erase(client.person)
            var response = ClientState.redirect(to: WebRoute.movies.path, flash: words.erased)
            if context.session != nil {
                PersonMiddleware.forgetSession(&response)
            }
            return response
        }
    }
}
