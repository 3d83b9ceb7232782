/// A person of the app: whoever uses one browser, or several browsers joined together. There is
/// no sign-up; a person is made on a browser's first visit to a hosted server.
public struct PersonID: Hashable, Sendable, Comparable, CustomStringConvertible {
    public let rawValue: Int64

    public init(rawValue: Int64) { self.rawValue = rawValue }

    /// The person of `finnkino serve` on loopback and of the CLI: whoever uses this computer. The
    /// data of a folder written before there were persons is theirs.
    public static let local = PersonID(rawValue: 1)

    /// A browser on a hosted server that has not changed anything yet: it reads as a person with
    /// no data, and nothing is ever saved for it (its first change makes it a person of its own).
    public static let nobody = PersonID(rawValue: 0)

    public static func < (lhs: PersonID, rhs: PersonID) -> Bool { lhs.rawValue < rhs.rawValue }

    public var description: String { "person \(rawValue)" }
}
