extension MVP {
    /// What the presenter may ask of the view (the study's `LatestSongsView`); the view decides
    /// nothing.
    @MainActor
    protocol View: AnyObject {
        func startLoading()
        func stopLoading()
        func showLatestSongs(_ rows: [SongListCanvas.Row])
        func showError(message: String)
        func showSortOrder(_ order: SongSortOrder)
    }
}
