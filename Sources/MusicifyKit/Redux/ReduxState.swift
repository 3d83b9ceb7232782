extension Redux {
    /// Everything the screen knows.
    struct State: Equatable, Sendable {
        var isLoading = false
        var songs: [Song] = []
        var error: SongsLoadError?
        var sortOrder = SongSortOrder.chart

        /// The songs as the table lists them (a selector: derived, never stored).
        var listedSongs: [Song] { sortOrder.sorted(songs) }
    }

    /// Everything that can happen to the screen.
    enum Action: Equatable, Sendable {
        /// The screen appeared: load the songs.
        case viewAppeared
        case songsLoaded([Song])
        case loadFailed(SongsLoadError)
        /// The person selected the row at this index.
        case songSelected(Int)
        case sortOrderChosen(SongSortOrder)
    }
}
