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
        private(set) var sortOrder = SongSortOrder.chart {
            didSet { sortOrderChanged?(sortOrder) }
        }

        var isLoadingChanged: ((Bool) -> Void)?
        var songsChanged: (([SongListCanvas.Row]) -> Void)?
        var errorMessageChanged: ((String?) -> Void)?
        var sortOrderChanged: ((SongSortOrder) -> Void)?

        private let api: LatestSongsAPI
        private let opener: any SongPageOpener
        private var chart: [Song] = []
        /// The songs as ``songs`` lists them.
        private var listed: [Song] = []

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
                chart = songs
                list()
            case .failure(let error):
                errorMessage = error.message
            }
        }

        func didChooseSortOrder(_ order: SongSortOrder) {
            sortOrder = order
            list()
        }

        func didSelectSong(at index: Int) {
            guard listed.indices.contains(index) else { return }
            opener.open(listed[index].pageURL)
        }

        private func list() {
            listed = sortOrder.sorted(chart)
            songs = listed.map(SongListCanvas.Row.init)
        }
    }
}
