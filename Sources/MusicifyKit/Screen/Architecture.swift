/// The five ways the latest-songs screen is built. Each case assembles its own module from the
/// same API and opener; nothing outside a module's folder knows how it is wired.
public enum Architecture: String, CaseIterable, Sendable {
    case mvc, mvp, mvvm, viper, redux

    /// How the study and the README write it.
    public var title: String {
        switch self {
        case .mvc: "MVC"
        case .mvp: "MVP"
        case .mvvm: "MVVM"
        case .viper: "VIPER"
        case .redux: "Redux"
        }
    }

    /// A new screen of this architecture, loading from `api` and opening pages with `opener`.
    @MainActor
    public func makeScreen(api: LatestSongsAPI, opener: any SongPageOpener) -> any LatestSongsScreen {
        switch self {
        case .mvc: MVC.ViewController(api: api, opener: opener)
        case .mvp: MVP.ViewController(presenter: MVP.Presenter(api: api, opener: opener))
        case .mvvm: MVVM.ViewController(viewModel: MVVM.ViewModel(api: api, opener: opener))
        case .viper: VIPER.Router.createModule(api: api, opener: opener)
        case .redux: Redux.ViewController(api: api, opener: opener)
        }
    }
}
