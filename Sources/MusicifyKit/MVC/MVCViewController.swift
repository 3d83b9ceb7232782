extension MVC {
    /// Loads the songs, keeps them, fills the widgets and answers the table's selections: the
    /// network call, the error handling, the table's data source and delegate and the navigation
    /// all live here, as in the study's `LatestSongsViewController`.
    @MainActor
    final class ViewController: LatestSongsScreen {
        let canvas = SongListCanvas()
        private let api: LatestSongsAPI
        private let opener: any SongPageOpener
        private var chart: [Song] = []
        private var sortOrder = SongSortOrder.chart
        /// The songs as the table lists them.
        private var songs: [Song] = []

        init(api: LatestSongsAPI, opener: any SongPageOpener) {
            self.api = api
            self.opener = opener
            canvas.onSelectRow = { [weak self] index in self?.didSelectRow(at: index) }
            canvas.onSortOrderChosen = { [weak self] order in self?.didChooseSortOrder(order) }
        }

        func viewDidLoad() async {
            canvas.setLoading(true)
            canvas.showAlert(nil)
            let result = await api.latestSongs()
            canvas.setLoading(false)
            switch result {
            case .success(let songs):
                chart = songs
                reloadTable()
            case .failure(let error):
                canvas.showAlert(error.message)
            }
        }

        private func didChooseSortOrder(_ order: SongSortOrder) {
            sortOrder = order
            canvas.showSortOrder(order)
            reloadTable()
        }

        private func reloadTable() {
            songs = sortOrder.sorted(chart)
            canvas.reload(songs.map(SongListCanvas.Row.init))
        }

        private func didSelectRow(at index: Int) {
            guard songs.indices.contains(index) else { return }
            opener.open(songs[index].pageURL)
        }
    }
}
