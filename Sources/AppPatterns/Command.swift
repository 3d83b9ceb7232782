/// A change that can be done and undone (Command pattern).
///
/// A command is a value: it holds what it needs to do and to undo its change, and acts on a
/// receiver passed in, so it can be kept in a ``CommandHistory``, sent between tasks and (when the
/// concrete type is `Codable`) saved.
public protocol Command<Receiver>: Sendable {
    /// What the command changes: a document value, a database connection, ...
    associatedtype Receiver

    /// Makes the change. A command that throws must leave `receiver` as it was, or rely on the
    /// receiver to roll back (a database transaction).
    func execute(on receiver: inout Receiver) throws

    /// Reverts the change `execute` made.
    func undo(on receiver: inout Receiver) throws
}
