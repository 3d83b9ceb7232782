import AppPatterns
import NIOConcurrencyHelpers
import Testing

@Suite struct ResponderTests {
    /// A link that handles the actions it is given and records every action it saw.
    final class Link: Responder {
        let responderName: String
        let nextResponder: (any Responder)?
        let handles: Set<Action>
        let seen = NIOLockedValueBox<[Action]>([])

        init(_ name: String, handles: Set<Action> = [], next: (any Responder)? = nil) {
            responderName = name
            self.handles = handles
            nextResponder = next
        }

        func handle(_ action: Action) async throws -> ActionOutcome? {
            seen.withLockedValue { $0.append(action) }
            return handles.contains(action) ? ActionOutcome(message: "\(responderName) did \(action)") : nil
        }
    }

    @Test func anActionGoesUpUntilSomeoneHandlesIt() async throws {
        // Given view -> screen -> app, where the screen handles undo and the app refresh
        let app = Link("app", handles: [.refresh])
        let screen = Link("screen", handles: [.undo], next: app)
        let view = Link("view", next: screen)
        // When undo is sent from the view
        let undo = try await view.send(.undo)
        // Then the screen handles it and the app never sees it
        #expect(undo == ActionDelivery(handledBy: "screen", outcome: ActionOutcome(message: "screen did undo")))
        #expect(app.seen.withLockedValue { $0 }.isEmpty)
        // When refresh is sent, it passes view and screen and reaches the app
        let refresh = try await view.send(.refresh)
        #expect(refresh?.handledBy == "app")
        #expect(view.seen.withLockedValue { $0 } == [.undo, .refresh])
        #expect(screen.seen.withLockedValue { $0 } == [.undo, .refresh])
    }

    @Test func anActionNobodyHandlesComesBackUnhandled() async throws {
        // Given a chain where nobody redoes
        let app = Link("app", handles: [.refresh])
        let view = Link("view", next: app)
        // When redo is sent
        // Then every link saw it and nobody handled it
        #expect(try await view.send(.redo) == nil)
        #expect(app.seen.withLockedValue { $0 } == [.redo])
    }

    @Test func theNearestResponderWins() async throws {
        // Given two links that both handle undo
        let outer = Link("outer", handles: [.undo])
        let inner = Link("inner", handles: [.undo], next: outer)
        // Then the one nearest to where the action was sent handles it
        #expect(try await inner.send(.undo)?.handledBy == "inner")
        #expect(outer.seen.withLockedValue { $0 }.isEmpty)
    }
}
