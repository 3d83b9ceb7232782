/// An endpoint's parameters make no sense; nothing was sent.
public struct EndpointValidationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The endpoint, e.g. `Schedule`.
    public var endpoint: String
    /// What is wrong, e.g. `area must be a positive ID, got 0`.
    public var message: String

    public init(endpoint: String, message: String) {
        self.endpoint = endpoint
        self.message = message
    }

    public var description: String { "\(endpoint): \(message)" }

    /// Throws when `value` is present and not a positive ID.
    static func requirePositive(_ value: Int?, _ parameter: String, endpoint: String) throws {
        if let value, value <= 0 {
            throw EndpointValidationError(
                endpoint: endpoint, message: "\(parameter) must be a positive ID, got \(value)")
        }
    }
}
