import Foundation

/// A saved snapshot of an originator's state (Memento pattern): the state, the version of its
/// format, and when it was taken. The originator makes and reads mementos; a ``MementoStore``
/// keeps them without looking inside.
public struct Memento<State: Codable & Sendable>: Codable, Sendable {
    /// The version of `State`'s format when the memento was made.
    public var version: Int
    public var savedAt: Date
    public var state: State

    public init(version: Int, savedAt: Date, state: State) {
        self.version = version
        self.savedAt = savedAt
        self.state = state
    }
}
