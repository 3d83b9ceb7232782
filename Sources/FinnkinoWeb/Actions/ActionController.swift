import AppPatterns
import FinnkinoKit
import FinnkinoPresentation
import Foundation
import Hummingbird

/// `POST /action` (`action=…`, `back=<the page>`): an action the page sent (a shortcut, an undo
/// button) goes up the server's responder chain from the page's screen. Answers JSON to the
/// page's script, else goes back to the page with the outcome as its message; an action nobody
/// handles gets a polite word.
struct ActionController: Sendable {
    let screens: LiveScreens

    func add(to routes: RouteGroups) {
        routes.on(.action) { request, context in try await action(request, context) }
    }

    private func action(_ request: Request, _ context: PageRequestContext) async throws -> Response {
        let form = context.form
        guard let name = form["action"], !name.isEmpty, name.utf8.count <= 40 else { throw HTTPError(.badRequest) }
        let back = form.back
        let client = context.client
        let strings = client.strings
        let action = Action(name)
        let delivery: ActionDelivery?
        do {
            delivery = try await responders(for: ActionPage(path: back), client: client, page: back).send(
                action)
        } catch {
            delivery = ActionDelivery(
                handledBy: "screen", outcome: ActionOutcome(message: strings.bookmarkChangeFailed(error)))
        }
        // An action nobody handled changed nothing: a browser whose first change it was stays nobody.
        if delivery == nil { context.changeFailed() }
        let message =
            delivery?.outcome.message
            ?? (action == .undo ? strings.nothingToUndo : action == .redo ? strings.nothingToRedo : strings.nothingToDo)
        guard (request.headers[.accept] ?? "").contains("application/json") else {
            return ClientState.redirect(to: back, flash: message)
        }
        // The browser's first change made it a person: its page's forms need the session's token.
        return JSONAnswer.response(
            Answer(
                handled: delivery != nil, by: delivery?.handledBy ?? "", message: message,
                csrf: context.sessionIsNew && delivery != nil ? client.csrf.value : nil))
    }

    /// What the page's script is told: whether and by whom the action was handled, what to say,
    /// and the forms' new token when the action made the browser a person.
    struct Answer: Encodable {
        var handled: Bool
        var by: String
        var message: String
        var csrf: String?
    }

    /// The server's responder chain for a page (``ActionPage``, and `page`, its address): its
    /// screen, then the services (the feeds it shows).
    private func responders(for actionPage: ActionPage, client: ClientState, page: String) throws -> ScreenResponder {
        let feeds =
            try ScreenRequest(page: page, client: client).map { try screens.live($0, client: client).feeds } ?? []
        return ScreenResponder(
            page: actionPage, actions: try screens.bookmarks.actions(client),
            nextResponder: ServicesResponder(feeds: feeds, strings: client.strings))
    }
}
