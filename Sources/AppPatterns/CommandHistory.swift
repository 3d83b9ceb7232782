/// The undo and redo stacks of executed commands, each bounded: beyond `limit` the oldest command
/// is dropped.
///
/// A value type: copy it, compare it, and save it (`Codable` when the commands are). A command
/// that throws while being undone or redone leaves both stacks as they were.
public struct CommandHistory<C: Command>: Sendable {
    /// The most commands each stack keeps.
    public let limit: Int
    /// Commands that can be undone, oldest first (the last one is undone next).
    public private(set) var undoStack: [C] = []
    /// Commands that can be redone, oldest undo first (the last one is redone next).
    public private(set) var redoStack: [C] = []

    /// An empty history keeping at most `limit` commands per stack (a negative limit counts as 0).
    public init(limit: Int) {
        self.limit = max(0, limit)
    }

    public var canUndo: Bool { !undoStack.isEmpty }
    public var canRedo: Bool { !redoStack.isEmpty }
    /// The command ``undo(on:)`` would undo.
    public var nextUndo: C? { undoStack.last }
    /// The command ``redo(on:)`` would redo.
    public var nextRedo: C? { redoStack.last }

    /// Records a command that was just executed: it becomes the next to undo, and the redo stack
    /// is cleared (a new change ends the redo line).
    public mutating func record(_ command: C) {
        redoStack.removeAll()
        Self.push(command, onto: &undoStack, limit: limit)
    }

    /// Executes `command` on `receiver` and records it; when it throws, nothing is recorded.
    public mutating func perform(_ command: C, on receiver: inout C.Receiver) throws {
        try command.execute(on: &receiver)
        record(command)
    }

    /// Undoes the last command and moves it to the redo stack. Returns it, or nil when there is
    /// nothing to undo. When the command throws, the stacks are left as they were.
    @discardableResult
    public mutating func undo(on receiver: inout C.Receiver) throws -> C? {
        guard let command = undoStack.last else { return nil }
        try command.undo(on: &receiver)
        undoStack.removeLast()
        Self.push(command, onto: &redoStack, limit: limit)
        return command
    }

    /// Executes again the last undone command and moves it back to the undo stack. Returns it, or
    /// nil when there is nothing to redo. When the command throws, the stacks are left as they were.
    @discardableResult
    public mutating func redo(on receiver: inout C.Receiver) throws -> C? {
        guard let command = redoStack.last else { return nil }
        try command.execute(on: &receiver)
        redoStack.removeLast()
        Self.push(command, onto: &undoStack, limit: limit)
        return command
    }

    /// Forgets every command.
    public mutating func removeAll() {
        undoStack.removeAll()
        redoStack.removeAll()
    }

    private static func push(_ command: C, onto stack: inout [C], limit: Int) {
        guard limit > 0 else { return }
        if stack.count >= limit { stack.removeFirst(stack.count - limit + 1) }
        stack.append(command)
    }
}

extension CommandHistory: Equatable where C: Equatable {}

extension CommandHistory: Codable where C: Codable {
    private enum CodingKeys: String, CodingKey {
        case limit, undo, redo
    }

    /// Reads a saved history; stacks longer than the saved limit keep their newest commands.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(limit: try container.decode(Int.self, forKey: .limit))
        undoStack = Array(try container.decode([C].self, forKey: .undo).suffix(limit))
        redoStack = Array(try container.decode([C].self, forKey: .redo).suffix(limit))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(limit, forKey: .limit)
        try container.encode(undoStack, forKey: .undo)
        try container.encode(redoStack, forKey: .redo)
    }
}
