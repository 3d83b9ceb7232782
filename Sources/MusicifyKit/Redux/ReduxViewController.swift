extension Redux {
    /// Renders each state on the widgets and dispatches what the person does.
    @MainActor
    final class ViewController: LatestSongsScreen {
        let canvas = SongListCanvas()
        private let store: Store

        /// The module: a store with its effects, and this view subscribed to it.
        init(api: LatestSongsAPI, opener: any SongPageOpener) {
            store = Store(effects: Effects(api: api, opener: opener))
            store.subscriber = { [weak self] state in self?.render(state) }
            canvas.onSelectRow = { [weak store] index in await store?.dispatch(.songSelected(index)) }
            canvas.onSortOrderChosen = { [weak store] order in await store?.dispatch(.sortOrderChosen(order)) }
        }

        func viewDidLoad() async { await store.dispatch(.viewAppeared) }

        /// The widgets for `state`, in the order every architecture changes them.
        private func render(_ state: State) {
            canvas.setLoading(state.isLoading)
            canvas.showSortOrder(state.sortOrder)
            canvas.reload(state.listedSongs.map(SongListCanvas.Row.init))
            canvas.showAlert(state.error?.message)
        }
    }
}
