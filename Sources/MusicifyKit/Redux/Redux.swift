/// Redux-style: one state, actions, a pure reducer, side effects outside the reducer, and a view
/// that renders the state.
public enum Redux {}
