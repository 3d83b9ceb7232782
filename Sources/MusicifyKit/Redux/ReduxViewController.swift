extension Redux {
    /// Renders each state on the widgets and dispatches what the person does.
    @MainActor
    final class ViewController: LatestSongsScreen {
        let canvas = SongListCanvas()
        private let store: Store
        /// The rows last drawn and what they were made from: a state whose songs and order are
        /// the same draws them again without making them anew (a memoised selector).
        private var drawn: (songs: [Song], order: SongSortOrder, rows: [SongListCanvas.Row])?

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
            canvas.reload(rows(for: state))
            canvas.showAlert(state.error?.message)
        }

        private func rows(for state: State) -> [SongListCanvas.Row] {
            if let drawn, drawn.order == state.sortOrder, drawn.songs == state.songs { return drawn.rows }
            let rows = state.listedSongs.map(SongListCanvas.Row.init)
            drawn = (state.songs, state.sortOrder, rows)
            return rows
        }
    }
}
