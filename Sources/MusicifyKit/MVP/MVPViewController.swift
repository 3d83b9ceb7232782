extension MVP {
    /// The passive view: puts on the widgets what the presenter says, passes on what the person
    /// does.
    @MainActor
    final class ViewController: LatestSongsScreen, View {
        let canvas = SongListCanvas()
        private let presenter: Presenter

        /// The module: a view and its presenter, wired both ways.
        init(presenter: Presenter) {
            self.presenter = presenter
            presenter.view = self
            canvas.onSelectRow = { [weak presenter] index in presenter?.didSelectSong(at: index) }
            canvas.onSortOrderChosen = { [weak presenter] order in presenter?.didChooseSortOrder(order) }
        }

        func viewDidLoad() async { await presenter.loadLatestSongs() }

        func startLoading() {
            canvas.setLoading(true)
            canvas.showAlert(nil)
        }

        func stopLoading() { canvas.setLoading(false) }

        func showLatestSongs(_ rows: [SongListCanvas.Row]) { canvas.reload(rows) }

        func showError(message: String) { canvas.showAlert(message) }

        func showSortOrder(_ order: SongSortOrder) { canvas.showSortOrder(order) }
    }
}
