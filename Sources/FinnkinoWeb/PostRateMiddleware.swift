import AppPatterns
import FinnkinoKit
import FinnkinoPresentation
import Foundation
import Hummingbird

/// On a hosted server, at most ``limit`` changes (POST, PUT, DELETE) a minute from one person:
/// more than anyone clicks, few enough that one person cannot keep the server's disk and ffmpeg
/// busy for everyone. (On loopback the one person is the server's owner: no limit.)
/// Beyond it the answer is 429 with `Retry-After`, in the person's words.
public struct PostRateMiddleware: RouterMiddleware {
    public typealias Context = PersonRequestContext
    public static let limit = 120

    let limiter: RateLimiter<PersonID>

    init(perMinute: Int, now: @escaping @Sendable () -> Date = Date.init) {
        limiter = RateLimiter(limit: perMinute, per: 60, now: now)
    }

    public func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        // Nobody's changes are not one person's: the rates of new persons hold them
        // (``PersonMiddleware``), per client and for the server.
        guard [.post, .put, .delete].contains(request.method), let person = context.person, person != .nobody,
            !limiter.allow(person)
        else { return try await next(request, context) }
        return PersonMiddleware.tooManyRequests(request)
    }
}
