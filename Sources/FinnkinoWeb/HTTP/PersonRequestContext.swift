import FinnkinoKit
import Hummingbird
import WebSupport

/// The context of every request to the Finnkino web app: Hummingbird's own, and whom the request
/// is from, found once per request by ``PersonMiddleware`` (the person, the session) and
/// ``ClientMiddleware`` (the client's state) before any route runs. Routes of a person's pages
/// and changes see it as a ``PageRequestContext``.
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
    /// Whether the request is one a person makes (``PersonMiddleware/belongsToSomeone(_:)``), once
    /// ``PersonMiddleware`` asked on a hosted server.
    var belongsToSomeone: Bool?
    /// The request's cookies, read once by ``PersonMiddleware`` on a hosted server for a person's
    /// request (nil before, and on loopback, where ``ClientMiddleware`` reads them).
    var cookies: RequestCookies?
    /// What the request says about its client (language, area, CSRF token, message); nil for a
    /// file, an image or the health check, on loopback too.
    var client: ClientState?
    /// The address of the connection the request came on (a proxy's, behind one).
    let peer: String?
    /// Whom the request comes from as far as the server can tell (see ``ClientAddress``): what
    /// limits per client count by. Set by ``PersonMiddleware``.
    var clientAddress = ClientAddress("unknown")
    /// A browser that is nobody sending a change: the person it may become (see ``FirstChange``).
    var firstChange: FirstChange?

    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        peer = source.channel.remoteAddress?.ipAddress
    }
}
