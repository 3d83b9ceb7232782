import FinnkinoKit
import Hummingbird

/// The context of a request for a person's page or change: the request's client is always there
/// (a request that belongs to no one never reaches these routes: 403), and for a change, its form
/// after ``CSRFMiddleware`` checked its token.
struct PageRequestContext: ChildRequestContext {
    var coreContext: CoreRequestContextStorage
    let client: ClientState
    /// The browser's session on a hosted server.
    let session: SessionToken?
    /// Whether ``session`` was made by this very request (see ``PersonRequestContext``).
    let sessionIsNew: Bool
    /// A change's form, once its CSRF token was checked; empty for a page or an upload.
    var form = FormBody("")

    /// Whose data the request reads and changes.
    var person: PersonID { client.person }

    /// The session the request's CSRF token must be bound to; nil when it must be the `csrf`
    /// cookie's.
    var boundSession: SessionToken? { sessionIsNew ? nil : session }

    init(context: PersonRequestContext) throws {
        guard let client = context.client else { throw HTTPError(.forbidden) }
        coreContext = context.coreContext
        self.client = client
        session = context.session
        sessionIsNew = context.sessionIsNew
    }
}
