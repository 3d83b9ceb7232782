extension VIPER {
    /// Where the screen can lead.
    @MainActor
    protocol RouterInput: AnyObject {
        func showPage(of song: Song)
    }

    /// Builds the module and navigates from it (the study's `LatestSongsWireframe`).
    @MainActor
    final class Router: RouterInput {
        private let opener: any SongPageOpener

        init(opener: any SongPageOpener) {
            self.opener = opener
        }

        func showPage(of song: Song) {
            opener.open(song.pageURL)
        }

        /// The module builder: a view, its presenter, the interactor and this router, wired.
        static func createModule(api: LatestSongsAPI, opener: any SongPageOpener) -> ViewController {
            let view = ViewController()
            let presenter = Presenter(interactor: Interactor(api: api), router: Router(opener: opener))
            presenter.view = view
            view.presenter = presenter
            return view
        }
    }
}
