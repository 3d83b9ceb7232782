import FinnkinoKit
import Foundation
import Hummingbird
import ImagePipeline
import Logging

/// `GET /image/<variant>/<key>`: an image the pages link (see ``ImageLink``), through the
/// ImagePipeline, as one of ``ImageVariants``.
///
/// Answers carry an ETag and a week's cache lifetime; a matching `If-None-Match` gets 304. Anything
/// else gets a neutral placeholder, never an error page (it is shown in an `<img>`): with 404 when
/// the request names no image (an unknown variant or key, a path that climbs), with 200 and no
/// caching when the image exists but cannot be had now (missing at the source, broken, the source
/// offline): the page shows a calm grey card instead of a broken-image icon and a console error,
/// and the next visit tries again. The pipeline logs why, naming the image. When the browser
/// closes the connection (the page was left) the request's work is cancelled, and the pipeline
/// stops it once nobody else waits for the same image. While the data source does not answer,
/// only cached images are served.
struct ImageController: Sendable {
    let pipeline: ImagePipeline
    let catalog: StoreCatalog
    let logger: Logger

    /// A light grey 2:3 card: says "no picture" without drawing attention.
    static let placeholder = ByteBuffer(
        string: "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 2 3\"><rect width=\"2\" height=\"3\" "
            + "fill=\"#d9d9d9\"/></svg>")

    func add(to routes: RouteGroups) {
        routes.onPublic(.image) { request, context in
            let variant = context.parameters.get("variant").flatMap { ImageVariants.byName[$0] }
            let key = context.parameters.getCatchAll().joined(separator: "/")
            let ifNoneMatch = request.headers[.ifNoneMatch]
            var response = try await request.body.consumeWithCancellationOnInboundClose { _ in
                await respond(variant: variant, key: key, ifNoneMatch: ifNoneMatch)
            }
            // Hummingbird closes the connection after a response that watched for the inbound
            // close. Said in the answer, so that neither a browser nor a proxy sends its next
            // request on the closing connection (nginx took the race for a dead instance: 502).
            response.headers[.connection] = "close"
            return response
        }
    }

    func respond(variant: ImageVariant?, key: String, ifNoneMatch: String?) async -> Response {
        // Images do not depend on the content language: any language's store fetches them alike.
        guard let variant, let url = ImageLink.url(forKey: key), let store = try? catalog.store(for: .fi),
            let imageRequest = store.imageRequest(for: url)
        else {
            logger.notice("image \(key): not an image of the feeds or the bundle")
            return Self.placeholder(.notFound)
        }
        let fetching = !store.reachability.status.isUnreachable
        do {
            let image = try await pipeline.image(imageRequest, variant: variant, fetching: fetching)
            let etag = "\"" + ImageLink.hash(variant.key) + "-" + image.digest + "\""
            var headers: HTTPFields = [.eTag: etag, .cacheControl: "public, max-age=604800"]
            if ifNoneMatch == etag { return Response(status: .notModified, headers: headers) }
            headers[.contentType] = image.format.contentType
            return Response(
                status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: image.bytes)))
        } catch {
            return Self.placeholder(.ok)
        }
    }

    private static func placeholder(_ status: HTTPResponse.Status) -> Response {
        Response(
            status: status, headers: [.contentType: "image/svg+xml", .cacheControl: "no-store"],
            body: ResponseBody(byteBuffer: placeholder))
    }
}
