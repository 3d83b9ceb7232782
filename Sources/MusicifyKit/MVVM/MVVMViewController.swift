extension MVVM {
    /// Binds the view model's outputs to the widgets and sends it the person's actions; owns the
    /// view model, which knows nothing of it.
    @MainActor
    final class ViewController: LatestSongsScreen {
        let canvas = SongListCanvas()
        private let viewModel: ViewModel

        init(viewModel: ViewModel) {
            self.viewModel = viewModel
            let canvas = self.canvas
            viewModel.isLoadingChanged = { canvas.setLoading($0) }
            viewModel.songsChanged = { canvas.reload($0) }
            viewModel.errorMessageChanged = { canvas.showAlert($0) }
            viewModel.sortOrderChanged = { canvas.showSortOrder($0) }
            canvas.onSelectRow = { [weak viewModel] index in viewModel?.didSelectSong(at: index) }
            canvas.onSortOrderChosen = { [weak viewModel] order in viewModel?.didChooseSortOrder(order) }
        }

        func viewDidLoad() async { await viewModel.viewDidLoad() }
    }
}
