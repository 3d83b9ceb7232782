import Foundation

/// One visit of a person to the latest-songs screen, as the front ends make one per page or
/// command: a new screen of an architecture appears and loads, then an order may be chosen and a
/// row selected. The
/// page a selection opens is recorded (``RecordingPageOpener``) for the front end to act on.
@MainActor
public final class LatestSongsVisit {
    /// The screen being visited.
    public let screen: any LatestSongsScreen
    private let opener: RecordingPageOpener

    /// A new screen of `architecture` loading from `api`.
    public init(architecture: Architecture, api: LatestSongsAPI) {
        let opener = RecordingPageOpener()
        self.opener = opener
        screen = architecture.makeScreen(api: api, opener: opener)
    }

    /// The screen appears (`viewDidLoad`); returns what its widgets show once it has loaded.
    public func appear() async -> SongListCanvas.State {
        await screen.viewDidLoad()
        return screen.canvas.state
    }

    /// The person chooses `order` in the sort control; what the widgets show then.
    public func choose(_ order: SongSortOrder) async -> SongListCanvas.State {
        await screen.canvas.chooseSortOrder(order)
        return screen.canvas.state
    }

    /// The person selects the row of the song `id`; what the screen did about it.
    public func select(id: String) async -> SongSelection {
        let earlier = opener.opened.count
        guard await screen.canvas.selectRow(id: id) else { return .noSuchSong }
        guard let page = opener.opened.dropFirst(earlier).last else { return .nothingOpened }
        return .opened(page)
    }
}

/// What selecting a song led to.
public enum SongSelection: Sendable, Equatable {
    /// The screen opened this page.
    case opened(URL)
    /// No row shows a song with that ID.
    case noSuchSong
    /// The row was selected but the screen opened nothing.
    case nothingOpened
}
