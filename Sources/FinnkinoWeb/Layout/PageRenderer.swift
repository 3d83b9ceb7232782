import FinnkinoKit
import FinnkinoPresentation
import Foundation
import Hummingbird
import WebSupport

/// Makes the response of a person's page: its layout, with the offline banner while the source
/// does not answer and a banner for each store the server could not open, and the page with its
/// client's cookies.
struct PageRenderer: Sendable {
    let app: AppDependencies

    /// The layout of a page at `path` for `client`.
    func layout(_ client: ClientState, path: String) -> PageLayout {
        PageLayout(
            client: client, path: path, connectivity: app.connectivityNotice(client),
            unavailable: app.unavailableNotices(client))
    }

    /// How long a person is asked to wait before trying a page again whose source is down: the
    /// source is probed in the background, and a page asked for later is made anew.
    static let retryAfterSeconds = 60

    /// The page of a screen, by what the screen could show (``ScreenOutcome``), the one place a
    /// screen's status code is decided: `html` with 200, or with 404 when the source has no such
    /// thing; when the source cannot be read and nothing of it is saved, the offline page saying
    /// so, with 503 and `Retry-After`, whatever the screen.
    func screen(
        _ outcome: ScreenOutcome, client: ClientState, path: String, area: AreaChoice? = nil,
        html: () -> SafeHTML
    ) -> Response {
        switch outcome {
        case .shown: return page(html(), client: client, area: area)
        case .notFound: return page(html(), client: client, status: .notFound, area: area)
        case .unavailable:
            // Without the offline banner, which tells of data saved before: there is none to show.
            var layout = layout(client, path: path)
            layout.connectivity = nil
            var response = page(
                OfflineView.page(layout: layout, sourceDown: true), client: client, status: .serviceUnavailable,
                area: area)
            response.headers[.retryAfter] = String(Self.retryAfterSeconds)
            return response
        }
    }

    /// The page `html` for `client`, with its cookies: the CSRF token if new, the area if chosen
    /// (`area`), the message cleared once shown.
    func page(
        _ html: SafeHTML, client: ClientState, status: HTTPResponse.Status = .ok, area: AreaChoice? = nil
    ) -> Response {
        var response = Response(
            status: status, headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "no-cache"],
            body: ResponseBody(byteBuffer: html.byteBuffer))
        client.setCookies(on: &response, area: area)
        return response
    }
}
