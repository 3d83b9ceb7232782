import FinnkinoKit
import FinnkinoPresentation
import HTTPTypes
import Hummingbird
import WebSupport

/// Answers a page request for something that does not exist (a mistyped address, an unknown
/// movie ID) with a page of the app that says so, in the client's language, with the tab bar to go
/// on from; other requests (files, images, fragments) keep the short plain-text answer.
struct NotFoundPageMiddleware: RouterMiddleware {
    typealias Context = PersonRequestContext

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as any HTTPResponseError where error.status == .notFound && Self.wantsPage(request) {
            guard let client = context.client else { throw error }
            var response = Response(
                status: .notFound, headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "no-cache"],
                body: ResponseBody(byteBuffer: Self.page(client).byteBuffer))
            client.setCookies(on: &response)
            return response
        }
    }

    /// A GET from a browser (it accepts HTML) for a page, not for a file, an image or a fragment:
    /// an address that is no route is one of those when it begins as they do (`/static/nope.css`,
    /// `/movies/results/nope`).
    static func wantsPage(_ request: Request) -> Bool {
        guard request.method == .get, (request.headers[.accept] ?? "").contains("text/html") else { return false }
        let path = request.uri.path
        if let pattern = WebRoute(path: path)?.pattern { return !notPages.contains(pattern) }
        return !notPagePrefixes.contains { path.hasPrefix($0) }
    }

    private static let notPages: [WebRoute.Pattern] = [.staticFile, .image, .appIcon, .live, .moviesResults, .healthz]
    /// Each of ``notPages``' templates up to its first capture (`/static/`, `/movies/results`).
    private static let notPagePrefixes = notPages.map { pattern in
        String(pattern.template.prefix { $0 != ":" && $0 != "*" })
    }

    static func page(_ client: ClientState) -> SafeHTML {
        let strings = client.strings
        return PageLayout(client: client, path: WebRoute.movies.path).render(
            title: strings.pageNotFound, tab: nil, live: false
        ) {
            html in
            html.element("h1", text: strings.pageNotFound)
            html.element("p") { html in
                html.element("a", .href(WebRoute.movies.path), text: strings.backToMovies)
            }
        }
    }
}
