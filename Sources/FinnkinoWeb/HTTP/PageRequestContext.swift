import FinnkinoKit
import Hummingbird
import WebSupport

/// The context of a request for a person's page or change: the request's client is always there
/// (a request that belongs to no one never reaches these routes: 403), and for a change, its form
/// after ``CSRFMiddleware`` checked its token.
struct PageRequestContext: ChildRequestContext {
    var coreContext: CoreRequestContextStorage
    private(set) var client: ClientState
    /// The browser's session on a hosted server.
    private(set) var session: SessionToken?
    /// Whether ``session`` was made by this very request (see ``PersonRequestContext``).
    private(set) var sessionIsNew: Bool
    /// Whom the request comes from (see ``ClientAddress``).
    let clientAddress: ClientAddress
    /// A browser that is nobody sending a change: the person it becomes once the change passed
    /// its checks (``CSRFMiddleware``).
    let firstChange: FirstChange?
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
        clientAddress = context.clientAddress
        firstChange = context.firstChange
    }

    /// This request's browser, nobody until now, is `person` with `session` from here on.
    mutating func becomes(_ person: PersonID, session: SessionToken, secret: CSRFSecret) {
        client = client.madePerson(person, session: session, secret: secret)
        self.session = session
        sessionIsNew = true
    }

    /// Says that this change did not happen although its answer is not an error (a redirect back
    /// with a message: a wrong code, a box not ticked): a browser whose first change it was is
    /// not kept as a person.
    func changeFailed() {
        firstChange?.fail()
    }
}
