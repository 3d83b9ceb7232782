import Foundation

/// A typed network command: what to ask for, and how to turn the answer into a value.
///
/// The web service runs every endpoint through the same flow (verify, check reachability, send,
/// decode); an endpoint only fills in the steps that differ (Template Method).
public protocol Endpoint: Sendable {
    associatedtype Response: Sendable

    /// A short name for messages, e.g. `Schedule`.
    var name: String { get }
    /// The request to send.
    var request: TransportRequest { get }
    /// The kind of body this endpoint reads: sent as `Accept` (unless the request names one) and
    /// checked, so that a 2xx answer of another kind is an outage of its own
    /// (``WebServiceError/unexpectedContent(endpoint:expected:found:)``), not a decoding error.
    /// Nil takes any body.
    var accepts: BodyKind? { get }
    /// Checks the endpoint's own parameters before anything is sent. Throws a message a person
    /// can act on.
    func validate() throws
    /// The server's own words when the response is a refusal (a bad key, an unknown ID, an error
    /// sent with status 200), checked before the status and the decoding; nil otherwise.
    func refusal(_ response: TransportResponse) -> String?
    /// Decodes a successful (2xx) response body.
    func decode(_ body: Data) throws -> Response
    /// A small, real-format answer to this endpoint, for stubs and previews.
    var sampleData: Data { get }
}

extension Endpoint {
    public func validate() throws {}
    public var accepts: BodyKind? { nil }
    public func refusal(_ response: TransportResponse) -> String? { nil }
}
