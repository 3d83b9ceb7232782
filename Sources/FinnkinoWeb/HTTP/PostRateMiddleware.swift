import AppPatterns
import FinnkinoKit
import FinnkinoPresentation
import Foundation
import Hummingbird

/// On a hosted server, at most ``limit`` changes (POST, PUT, DELETE) a minute from one person:
/// more than anyone clicks, few enough that one person cannot keep the server's disk and ffmpeg
/// busy for everyone. (On loopback the one person is the server's owner: no limit.)
/// Beyond it the answer is 429 with `Retry-After`, in the person's words. It counts the changes
/// of the group ``CSRFMiddleware`` checks, after it: real changes of a known person, a browser's
/// first included (what is refused before, a route that is not there or a missing token, is
/// nobody's and costs nothing).
struct PostRateMiddleware: RouterMiddleware {
    typealias Context = PageRequestContext
    /// (``WebConfiguration``'s default says the same number.)
    static let limit = 120

    /// Whether the server is hosted: on loopback there is no limit.
    let hosted: Bool
    let limiter: RateLimiter<PersonID>

    init(hosted: Bool, perMinute: Int, now: @escaping @Sendable () -> Date = Date.init) {
        self.hosted = hosted
        limiter = RateLimiter(limit: perMinute, per: 60, now: now)
    }

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        guard hosted, [.post, .put, .delete].contains(request.method), !limiter.allow(context.person) else {
            return try await next(request, context)
        }
        return PersonMiddleware.tooManyRequests(request, limit: .postsPerMinute)
    }
}
