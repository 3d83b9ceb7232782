/// Why a Finnkino response body could not be decoded, and where.
///
/// `line` and `column` are 1-based positions in the body as libxml2 reports them (for a missing
/// or invalid value: just after the start tag of the element concerned).
public struct FinnkinoDecodingError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The endpoint whose answer it was, e.g. `Schedule`.
    public var endpoint: String
    public var line: Int
    public var column: Int
    public var reason: String

    public init(endpoint: String, line: Int, column: Int, reason: String) {
        self.endpoint = endpoint
        self.line = line
        self.column = column
        self.reason = reason
    }

    /// `Schedule: line 12, column 5: <Show> without <ID>`.
    public var description: String {
        "\(endpoint): line \(line), column \(column): \(reason)"
    }
}
