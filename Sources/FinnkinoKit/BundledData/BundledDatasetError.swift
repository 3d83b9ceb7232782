/// The bundled dataset is missing or damaged; the message names the file and what is wrong.
public struct BundledDatasetError: Error, Sendable, Equatable, CustomStringConvertible {
    public var description: String

    public init(_ description: String) {
        self.description = description
    }
}
