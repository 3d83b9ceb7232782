/// A TMDB or OMDb answer that is JSON but not what the endpoint needs.
public struct ChartDecodingError: Error, Sendable, Equatable, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}
