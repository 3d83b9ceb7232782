extension Redux {
    /// Everything the screen knows.
    struct State: Equatable, Sendable {
        var isLoading = false
        var songs: [Song] = []
        var error: SongsLoadError?
    }

    /// Everything that can happen to the screen.
    enum Action: Equatable, Sendable {
        /// The screen appeared: load the songs.
        case viewAppeared
        case songsLoaded([Song])
        case loadFailed(SongsLoadError)
        /// The person selected the row at this index.
        case songSelected(Int)
    }
}
