extension MVP {
    /// Asks the API for the songs, tells the view what to show, and opens a selected song's page.
    /// Knows the view only through ``MVP/View``.
    @MainActor
    final class Presenter {
        weak var view: (any View)?
        private let api: LatestSongsAPI
        private let opener: any SongPageOpener
        private var chart: [Song] = []
        private var sortOrder = SongSortOrder.chart
        /// The songs as the view lists them.
        private var songs: [Song] = []

        init(api: LatestSongsAPI, opener: any SongPageOpener) {
            self.api = api
            self.opener = opener
        }

        func loadLatestSongs() async {
            view?.startLoading()
            let result = await api.latestSongs()
            view?.stopLoading()
            switch result {
            case .success(let songs):
                chart = songs
                showSongs()
            case .failure(let error):
                view?.showError(message: error.message)
            }
        }

        func didChooseSortOrder(_ order: SongSortOrder) {
            sortOrder = order
            view?.showSortOrder(order)
            showSongs()
        }

        private func showSongs() {
            songs = sortOrder.sorted(chart)
            view?.showLatestSongs(songs.map(SongListCanvas.Row.init))
        }

        func didSelectSong(at index: Int) {
            guard songs.indices.contains(index) else { return }
            opener.open(songs[index].pageURL)
        }
    }
}
