extension MVVM {
    /// The screen's state and logic without any view: inputs are what the person did, outputs are
    /// what the view must show, each told to whoever bound it when it changes.
    @MainActor
    final class ViewModel {
        // MARK: Outputs

        private(set) var isLoading = false {
            didSet { isLoadingChanged?(isLoading) }
        }
        private(set) var songs: [SongListCanvas.Row] = [] {
            didSet { songsChanged?(songs) }
        }
        private(set) var errorMessage: String? {
            didSet { errorMessageChanged?(errorMessage) }
        }

        var isLoadingChanged: ((Bool) -> Void)?
        var songsChanged: (([SongListCanvas.Row]) -> Void)?
        var errorMessageChanged: ((String?) -> Void)?

        private let api: LatestSongsAPI
        private let opener: any SongPageOpener
        private var loaded: [Song] = []

        init(api: LatestSongsAPI, opener: any SongPageOpener) {
            self.api = api
            self.opener = opener
        }

        // MARK: Inputs

        func viewDidLoad() async {
            isLoading = true
            errorMessage = nil
            let result = await api.latestSongs()
            isLoading = false
            switch result {
            case .success(let songs):
                loaded = songs
                self.songs = songs.map(SongListCanvas.Row.init)
            case .failure(let error):
                errorMessage = error.message
            }
        }

        func didSelectSong(at index: Int) {
            guard loaded.indices.contains(index) else { return }
            opener.open(loaded[index].pageURL)
        }
    }
}
