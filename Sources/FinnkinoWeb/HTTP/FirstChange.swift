import FinnkinoKit
import NIOConcurrencyHelpers

/// A browser that is nobody (no session) sending a change: the person it may become.
///
/// Nothing is written for it until its change has passed routing and its CSRF token
/// (``CSRFMiddleware`` asks ``make()``), so that garbage (a POST to no route, a form without its
/// token) costs no person and none of the server's budget of new persons. Once made, the person is
/// kept only if the change succeeds: an error, or a route that says ``fail()`` (a wrong join code,
/// a box not ticked: a redirect back with a message), erases it again (``PersonMiddleware``).
final class FirstChange: Sendable {
    /// Makes the person and its session; nil when the server's or the client's budget of new
    /// persons is spent.
    private let maker: @Sendable () throws -> (PersonID, SessionToken)?
    private let state = NIOLockedValueBox(State())

    private struct State {
        var made: (person: PersonID, session: SessionToken)?
        var failed = false
    }

    init(maker: @escaping @Sendable () throws -> (PersonID, SessionToken)?) {
        self.maker = maker
    }

    /// Makes the person, once; nil when over budget.
    func make() throws -> (person: PersonID, session: SessionToken)? {
        if let made = state.withLockedValue({ $0.made }) { return made }
        guard let (person, session) = try maker() else { return nil }
        state.withLockedValue { $0.made = (person, session) }
        return (person, session)
    }

    /// The change did not happen, though its answer is no error.
    func fail() {
        state.withLockedValue { $0.failed = true }
    }

    /// The person made, if any, and whether the change failed.
    var outcome: (made: (person: PersonID, session: SessionToken)?, failed: Bool) {
        state.withLockedValue { ($0.made, $0.failed) }
    }
}
