extension VIPER {
    /// The use case: get the latest songs. Knows the API, nothing of views or navigation.
    protocol InteractorInput: Sendable {
        func latestSongs() async -> Result<[Song], SongsLoadError>
    }

    struct Interactor: InteractorInput {
        let api: LatestSongsAPI

        func latestSongs() async -> Result<[Song], SongsLoadError> { await api.latestSongs() }
    }
}
