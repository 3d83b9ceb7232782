/// Why a ``WebService`` could not produce a value. Each case names the endpoint; the description
/// is one line a person can read, e.g. `Schedule: the server answered 503`.
public enum WebServiceError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The endpoint's own parameters are wrong; nothing was sent.
    case invalidRequest(endpoint: String, message: String)
    /// The source was found unreachable moments ago; nothing was sent.
    case offline(endpoint: String)
    /// The request got no answer.
    case transport(endpoint: String, TransportError)
    /// The server answered with a status that is not a success.
    case httpStatus(endpoint: String, code: Int)
    /// The server refused and said why (see ``Endpoint/refusal(_:)``), with any status.
    case refused(endpoint: String, code: Int, message: String)
    /// The answer could not be decoded.
    case decoding(endpoint: String, message: String)
    /// A 2xx answer of another kind than the endpoint reads (see ``Endpoint/accepts``): say, a
    /// block page where a feed was expected. An outage, not a broken body.
    case unexpectedContent(endpoint: String, expected: BodyKind, found: BodyKind)

    /// The name of the endpoint concerned.
    public var endpoint: String {
        switch self {
        case .invalidRequest(let endpoint, _), .offline(let endpoint), .transport(let endpoint, _),
            .httpStatus(let endpoint, _), .refused(let endpoint, _, _), .decoding(let endpoint, _),
            .unexpectedContent(let endpoint, _, _):
            endpoint
        }
    }

    public var description: String {
        switch self {
        case .invalidRequest(let endpoint, let message): "\(endpoint): invalid request: \(message)"
        case .offline(let endpoint): "\(endpoint): the source is unreachable (offline)"
        case .transport(let endpoint, let error): "\(endpoint): no answer: \(error.message)"
        case .httpStatus(let endpoint, let code): "\(endpoint): the server answered \(code)"
        case .refused(let endpoint, let code, let message): "\(endpoint): refused (\(code)): \(message)"
        case .decoding(let endpoint, let message): "\(endpoint): cannot read the answer: \(message)"
        case .unexpectedContent(let endpoint, let expected, let found):
            "\(endpoint): the server answered \(found) instead of \(expected)"
        }
    }
}
