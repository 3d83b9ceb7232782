extension Redux {
    /// The side effects, kept out of the reducer: loading when the screen appears, opening a
    /// selected song's page. Each returns the action its outcome causes, if any.
    @MainActor
    struct Effects {
        let api: LatestSongsAPI
        let opener: any SongPageOpener

        func run(_ action: Action, in state: State) async -> Action? {
            switch action {
            case .viewAppeared:
                switch await api.latestSongs() {
                case .success(let songs): return .songsLoaded(songs)
                case .failure(let error): return .loadFailed(error)
                }
            case .songSelected(let index):
                let listed = state.listedSongs
                if listed.indices.contains(index) { opener.open(listed[index].pageURL) }
                return nil
            case .songsLoaded, .loadFailed, .sortOrderChosen:
                return nil
            }
        }
    }
}
