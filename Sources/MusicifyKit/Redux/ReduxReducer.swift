extension Redux {
    /// The next state after `action`: pure, no I/O, no time; an action that changes nothing (a
    /// selection) leaves the state as it was.
    static func reduce(_ state: inout State, _ action: Action) {
        switch action {
        case .viewAppeared:
            state.isLoading = true
            state.error = nil
        case .songsLoaded(let songs):
            state.isLoading = false
            state.songs = songs
        case .loadFailed(let error):
            state.isLoading = false
            state.error = error
        case .sortOrderChosen(let order):
            state.sortOrder = order
        case .songSelected:
            break
        }
    }
}
