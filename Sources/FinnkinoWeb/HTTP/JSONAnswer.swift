import Foundation
import Hummingbird

/// Every JSON the server writes for a browser (an action's answer, a CSRF token, an export's
/// state, a live fragment) is encoded here, by `JSONEncoder`, never put together from strings: a
/// value from a feed, a file name or a message cannot end the string it is in.
enum JSONAnswer {
    /// `value` as JSON text on one line (a server-sent event's `data:` line holds it whole).
    static func text(_ value: some Encodable) -> String {
        String(decoding: data(value), as: UTF8.self)
    }

    /// `value` as a `200` JSON response that no cache keeps.
    static func response(_ value: some Encodable) -> Response {
        Response(
            status: .ok, headers: [.contentType: "application/json", .cacheControl: "no-store"],
            body: ResponseBody(byteBuffer: ByteBuffer(data: data(value))))
    }

    private static func data(_ value: some Encodable) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // The answers are strings, numbers and flags: encoding them cannot fail.
        do { return try encoder.encode(value) } catch { preconditionFailure("JSONAnswer: \(error)") }
    }
}
