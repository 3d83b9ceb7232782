import FinnkinoKit
import Foundation
import Hummingbird

/// The person's own data, as people in the EU expect:
///
/// - `GET /me/data`: everything kept of them, as a JSON file (``PersonDataDocument``);
/// - `POST /me/delete` (`confirm=yes`): everything of them erased (``PersonEraser``); the
///   browser forgets its session and is a new person on its next page.
struct PersonDataRoutes: Sendable {
    let web: WebRoutes
    let persons: PersonStore
    let eraser: PersonEraser

    func add(to router: Router<PersonRequestContext>) {
        router.get("/me/data") { request, context in
            let client = try web.client(request, context)
            let document = try PersonDataDocument(
                person: client.person, persons: persons, bookmarks: try web.screens.bookmarkStore(client),
                place: web.place(client).place, library: eraser.library, now: web.screens.now())
            return Response(
                status: .ok,
                headers: [
                    .contentType: "application/json; charset=utf-8", .cacheControl: "no-store",
                    .contentDisposition: "attachment; filename=\"finnkino-data.json\"",
                ],
                body: ResponseBody(byteBuffer: ByteBuffer(data: try document.json())))
        }
        router.post("/me/delete") { request, context in
            let form = try await web.checkedForm(request, context)
            let client = try web.client(request, context)
            let words = DeviceStrings.of(client.language)
            guard form["confirm"] == "yes" else {
                return ClientState.redirect(to: DevicesView.path, flash: words.confirmFirst)
            }
            try await eraser.erase(client.person)
            var response = ClientState.redirect(to: "/movies", flash: words.erased)
            if context.session != nil {
                response.setCookie(
                    Cookie(
                        name: PersonMiddleware.cookieName, value: "", maxAge: 0, path: "/", httpOnly: true,
                        sameSite: .lax))
            }
            return response
        }
    }
}
