extension MVC {
    /// Loads the songs, keeps them, fills the widgets and answers the table's selections: the
    /// network call, the error handling, the table's data source and delegate and the navigation
    /// all live here, as in the study's `LatestSongsViewController`.
    @MainActor
    final class ViewController: LatestSongsScreen {
        let canvas = SongListCanvas()
        private let api: LatestSongsAPI
        private let opener: any SongPageOpener
        private var songs: [Song] = []

        init(api: LatestSongsAPI, opener: any SongPageOpener) {
            self.api = api
            self.opener = opener
            canvas.onSelectRow = { [weak self] index in self?.didSelectRow(at: index) }
        }

        func viewDidLoad() async {
            canvas.setLoading(true)
            canvas.showAlert(nil)
            let result = await api.latestSongs()
            canvas.setLoading(false)
            switch result {
            case .success(let songs):
                self.songs = songs
                canvas.reload(songs.map(SongListCanvas.Row.init))
            case .failure(let error):
                canvas.showAlert(error.message)
            }
        }

        private func didSelectRow(at index: Int) {
            guard songs.indices.contains(index) else { return }
            opener.open(songs[index].pageURL)
        }
    }
}
