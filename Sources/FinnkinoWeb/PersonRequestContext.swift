import FinnkinoKit
import Hummingbird

/// The context of every request to the Finnkino web app: Hummingbird's own, and whom the request
/// is from, found once per request by ``PersonMiddleware`` before any route runs.
public struct PersonRequestContext: RequestContext {
    public var coreContext: CoreRequestContextStorage
    /// Whose data the request reads and changes: the local person on loopback; on a hosted server
    /// the person of the browser's session. Nil only for what belongs to no one (static files,
    /// images, the health check), whose routes never ask.
    var person: PersonID?
    /// The session the browser is known by on a hosted server (what its CSRF token is bound to).
    var session: SessionToken?
    /// Whether ``session`` was made by this very request (its first change): its form still
    /// carries the token of the `csrf` cookie it had as nobody (pages it gets from now on carry
    /// the session's).
    var sessionIsNew = false

    /// The session the request's form token must be bound to; nil when it must be the `csrf`
    /// cookie's.
    var boundSession: SessionToken? { sessionIsNew ? nil : session }

    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
    }
}
