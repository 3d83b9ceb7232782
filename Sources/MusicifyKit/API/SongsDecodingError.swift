/// A songs answer that is JSON but not a songs list (or not JSON at all): what the screens call
/// "JSON parsing error".
public struct SongsDecodingError: Error, Sendable, Equatable, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}
