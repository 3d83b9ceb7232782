extension VIPER {
    /// What the presenter may ask of the view.
    @MainActor
    protocol View: AnyObject {
        func startLoading()
        func stopLoading()
        func showLatestSongs(_ rows: [SongListCanvas.Row])
        func showError(message: String)
        func showSortOrder(_ order: SongSortOrder)
    }

    /// Puts on the widgets what the presenter says, passes on what the person does.
    @MainActor
    final class ViewController: LatestSongsScreen, View {
        let canvas = SongListCanvas()
        var presenter: Presenter?

        init() {
            canvas.onSelectRow = { [weak self] index in self?.presenter?.didSelectSong(at: index) }
            canvas.onSortOrderChosen = { [weak self] order in self?.presenter?.didChooseSortOrder(order) }
        }

        func viewDidLoad() async { await presenter?.viewDidLoad() }

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
