import FinnkinoKit
import FinnkinoPresentation
import Foundation
import Hummingbird

/// Makes the response of a person's page: its layout, with the offline banner while the source
/// does not answer and a banner for each store the server could not open, and the page with its
/// client's cookies.
struct PageRenderer: Sendable {
    let screens: Screens

    /// The layout of a page at `path` for `client`.
    func layout(_ client: ClientState, path: String) -> PageLayout {
        PageLayout(
            client: client, path: path, connectivity: screens.connectivityNotice(client),
            unavailable: screens.unavailableNotices(client))
    }

    /// The page `html` for `client`, with its cookies: the CSRF token if new, the area if chosen
    /// (`area`), the message cleared once shown.
    func page(
        _ html: String, client: ClientState, status: HTTPResponse.Status = .ok, area: Int?? = .none
    ) -> Response {
        var response = Response(
            status: status, headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "no-cache"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: html)))
        client.setCookies(on: &response, area: area)
        return response
    }
}
