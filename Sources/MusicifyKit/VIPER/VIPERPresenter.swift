extension VIPER {
    /// Turns the interactor's songs into what the view shows, and a selection into the router's
    /// navigation. Holds no API and opens nothing itself.
    @MainActor
    final class Presenter {
        weak var view: (any View)?
        private let interactor: any InteractorInput
        private let router: any RouterInput
        private var chart: [Song] = []
        private var sortOrder = SongSortOrder.chart
        /// The songs as the view lists them.
        private var songs: [Song] = []

        init(interactor: any InteractorInput, router: any RouterInput) {
            self.interactor = interactor
            self.router = router
        }

        func viewDidLoad() async {
            view?.startLoading()
            let result = await interactor.latestSongs()
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
            songs = interactor.songs(chart, in: sortOrder)
            view?.showLatestSongs(songs.map(SongListCanvas.Row.init))
        }

        func didSelectSong(at index: Int) {
            guard songs.indices.contains(index) else { return }
            router.showPage(of: songs[index])
        }
    }
}
