extension VIPER {
    /// The use cases: get the latest songs, list them in an order. Knows the API, nothing of
    /// views or navigation.
    protocol InteractorInput: Sendable {
        func latestSongs() async -> Result<[Song], SongsLoadError>
        func songs(_ chart: [Song], in order: SongSortOrder) -> [Song]
    }

    struct Interactor: InteractorInput {
        let api: LatestSongsAPI

        func latestSongs() async -> Result<[Song], SongsLoadError> { await api.latestSongs() }

        func songs(_ chart: [Song], in order: SongSortOrder) -> [Song] { order.sorted(chart) }
    }
}
