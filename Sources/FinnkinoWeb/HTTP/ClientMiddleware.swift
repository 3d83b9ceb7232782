import FinnkinoKit
import FinnkinoPresentation
import Hummingbird

/// Reads what a request says about its client (``ClientState``: language, remembered area, CSRF
/// token, message), once, for the person ``PersonMiddleware`` found. A request that belongs to no
/// one (a file, an image, the health check) gets none.
struct ClientMiddleware: RouterMiddleware {
    typealias Context = PersonRequestContext
    /// Each person's place, which keeps the language and the home area they chose.
    let people: PersonStates
    let defaultLanguage: UILanguage
    let secret: CSRFSecret

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        guard let person = context.person,
            context.belongsToSomeone ?? PersonMiddleware.belongsToSomeone(request.uri.path)
        else {
            return try await next(request, context)
        }
        var context = context
        // A person this very request made has no language saved yet; asking would keep a state
        // for them even when their change then fails and they are erased.
        let saved = context.sessionIsNew ? nil : people.state(of: person).place.choices
        context.client = ClientState(
            request: request, cookies: context.cookies, person: person, session: context.session,
            savedLanguage: saved?.language,
            homeArea: saved?.homeArea,
            defaultLanguage: defaultLanguage, secret: secret)
        return try await next(request, context)
    }
}
