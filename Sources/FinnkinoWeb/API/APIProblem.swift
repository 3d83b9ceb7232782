import Foundation
import HTTPTypes
import Hummingbird

/// An error of the API as RFC 9457 problem details (`application/problem+json`): `type` is
/// `about:blank`, so `title` is the status's phrase; `detail` says what went wrong in words, and
/// `parameter` names the parameter a `400` refused. Encoded here only, by `JSONEncoder`.
struct APIProblem: Error, Encodable, Sendable, Equatable {
    var type = "about:blank"
    var title: String
    var status: Int
    var detail: String
    var parameter: String?

    init(_ status: HTTPResponse.Status, detail: String, parameter: String? = nil) {
        title = status.reasonPhrase
        self.status = status.code
        self.detail = detail
        self.parameter = parameter
    }

    /// A parameter that is not one the operation takes.
    static func badParameter(_ name: String, _ why: String) -> APIProblem {
        APIProblem(.badRequest, detail: "The parameter \(name) \(why).", parameter: name)
    }

    static let contentType = "application/problem+json"

    /// As a response, with `headers` besides its content type.
    func response(headers: HTTPFields = [:]) -> Response {
        var fields = headers
        fields[.contentType] = Self.contentType
        fields[.cacheControl] = "no-store"
        return Response(
            status: HTTPResponse.Status(code: status), headers: fields,
            body: ResponseBody(byteBuffer: ByteBuffer(data: json)))
    }

    var json: Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Strings and a number: encoding them cannot fail.
        do { return try encoder.encode(self) } catch { preconditionFailure("APIProblem: \(error)") }
    }
}
