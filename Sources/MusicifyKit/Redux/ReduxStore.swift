extension Redux {
    /// Holds the state; an action goes through the reducer, the new state to the subscriber, then
    /// to the effects, whose resulting action is dispatched in turn. ``dispatch(_:)`` returns when
    /// that chain has ended.
    @MainActor
    final class Store {
        private(set) var state: State
        /// Told of every new state.
        var subscriber: ((State) -> Void)?
        private let effects: Effects

        init(state: State = State(), effects: Effects) {
            self.state = state
            self.effects = effects
        }

        func dispatch(_ action: Action) async {
            var next: Action? = action
            while let action = next {
                Redux.reduce(&state, action)
                subscriber?(state)
                next = await effects.run(action, in: state)
            }
        }
    }
}
