import AppPatterns

/// Why the latest songs could not be shown, in the two words every screen shows.
///
/// An answer that came but is not a songs list is a parsing error; everything else (no answer,
/// the source offline, an error status, a refusal) is a connection error: a person can only try
/// again later. The study's Moya provider let an error status through to the decoder; we call it
/// what it is.
public enum SongsLoadError: Error, Sendable, Equatable {
    case connection
    case parsing

    /// The web service's error in these terms.
    public init(_ error: WebServiceError) {
        switch error {
        case .decoding, .unexpectedContent: self = .parsing
        case .invalidRequest, .offline, .transport, .httpStatus, .refused: self = .connection
        }
    }

    /// What the screen's alert says.
    public var message: String {
        switch self {
        case .connection: "Connection error"
        case .parsing: "JSON parsing error"
        }
    }
}
