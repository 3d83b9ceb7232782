/// Something the user asked for, by name (`undo`, `refresh`), sent to a responder chain without
/// knowing who will handle it.
public struct Action: Sendable, Hashable, CustomStringConvertible {
    public let name: String

    public init(_ name: String) {
        self.name = name
    }

    public var description: String { name }

    public static let undo = Action("undo")
    public static let redo = Action("redo")
    public static let refresh = Action("refresh")
}

/// What a responder did with an action.
public struct ActionOutcome: Sendable, Equatable {
    /// What to tell the user, if anything (`Restored "Dyyni"`).
    public var message: String?

    public init(message: String? = nil) {
        self.message = message
    }
}

/// A link of a responder chain (Chain of Responsibility): handles the actions it can, and leaves
/// the others to its ``nextResponder``.
public protocol Responder: Sendable {
    /// Where actions this responder does not handle go next; nil at the end of the chain.
    var nextResponder: (any Responder)? { get }
    /// The name of this link, for logs and tests (`screen`, `app`).
    var responderName: String { get }
    /// Handles `action` and says what happened, or returns nil to pass it on.
    func handle(_ action: Action) async throws -> ActionOutcome?
}

/// Where an action ended: the responder that handled it and its outcome.
public struct ActionDelivery: Sendable, Equatable {
    public var handledBy: String
    public var outcome: ActionOutcome

    public init(handledBy: String, outcome: ActionOutcome) {
        self.handledBy = handledBy
        self.outcome = outcome
    }
}

extension Responder {
    /// Sends `action` up the chain from this responder; nil when no responder handled it.
    public func send(_ action: Action) async throws -> ActionDelivery? {
        var responder: (any Responder)? = self
        while let current = responder {
            if let outcome = try await current.handle(action) {
                return ActionDelivery(handledBy: current.responderName, outcome: outcome)
            }
            responder = current.nextResponder
        }
        return nil
    }
}
