import FinnkinoKit
import Foundation
import Hummingbird

/// The person's own data, as people in the EU expect:
///
/// - `GET /me/data`: everything kept of them, as a JSON file (``PersonDataDocument``);
/// - `POST /me/delete` (`confirm=yes`): everything of them erased (``PersonEraser``); the
///   browser forgets its session and is a new person on its next page.
struct PersonDataController: Sendable {
    let app: AppDependencies
    let eraser: PersonEraser

    func add(to routes: RouteGroups) {
        routes.on(.myData) { _, context in
            let document = try PersonDataDocument(
                of: context.client.person, registry: eraser.registry, now: app.now())
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
