import Foundation
import Hummingbird
import Logging
import OpenAPIHummingbird
import OpenAPIRuntime

/// The JSON API: `GET /api/openapi.json` (the document), and each of its operations under
/// `/api/v1/`, registered by the code generated from it (swift-openapi-generator, through
/// swift-openapi-hummingbird) and answered by ``ProgrammeAPI``. In front of them, on the router,
/// ``APIMiddleware`` limits, checks and answers errors from the same document.
struct APIController {
    let document: APIDocument
    let api: ProgrammeAPI

    /// The generated code's settings: instants as the command line's JSON writes them, and compact
    /// JSON with sorted keys (the same data, the same bytes, the same `ETag`).
    static let configuration = Configuration(
        dateTranscoder: HelsinkiDateTranscoder(), jsonEncodingOptions: [.sortedKeys, .withoutEscapingSlashes])

    func add(to routes: RouteGroups) throws {
        let bytes = document.bytes
        routes.onPublic(.apiDocument) { _, _ in
            Response(
                status: .ok,
                headers: [.contentType: "application/json", .cacheControl: "public, max-age=3600"],
                body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
        }
        guard let serverURL = URL(string: APIDocument.prefix) else { throw APIDocumentError("no server URL") }
        try api.registerHandlers(on: routes.router, serverURL: serverURL, configuration: Self.configuration)
    }
}
