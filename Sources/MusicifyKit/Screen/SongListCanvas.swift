import Foundation

/// The widgets of the latest-songs screen: a loading indicator, a table of rows and an alert. It
/// plays the part UIKit plays in the study: every architecture drives these same widgets, and the
/// front ends (the web page, the terminal) only draw what they hold, so the five architectures
/// differ in who decides what the widgets show, never in what a person sees.
///
/// A change is reported to ``onChange`` only when a widget's content really changes, the way a
/// table view redraws only when reloaded with something new.
@MainActor
public final class SongListCanvas {
    /// One row of the table: what a cell shows.
    public struct Row: Sendable, Hashable, Codable {
        public var id: String
        public var title: String
        public var subtitle: String
        public var artworkURL: URL?

        public init(id: String, title: String, subtitle: String, artworkURL: URL?) {
            self.id = id
            self.title = title
            self.subtitle = subtitle
            self.artworkURL = artworkURL
        }
    }

    /// Everything the widgets show at one moment.
    public struct State: Sendable, Hashable {
        public var isLoading = false
        public var rows: [Row] = []
        public var alert: String?
        /// The order chosen in the sort control.
        public var sortOrder = SongSortOrder.chart

        public init(isLoading: Bool = false, rows: [Row] = [], alert: String? = nil, sortOrder: SongSortOrder = .chart)
        {
            self.isLoading = isLoading
            self.rows = rows
            self.alert = alert
            self.sortOrder = sortOrder
        }
    }

    /// What the widgets show now.
    public private(set) var state = State() {
        didSet { onChange?(state) }
    }

    /// Told of every change of ``state`` (tests record the sequence; front ends need only the end).
    public var onChange: ((State) -> Void)?

    /// The table's delegate: told which row the person selected; may take its time (a Redux
    /// store runs the selection's effect).
    public var onSelectRow: (@MainActor (Int) async -> Void)?

    /// The sort control's delegate: told which order the person chose.
    public var onSortOrderChosen: (@MainActor (SongSortOrder) async -> Void)?

    public init() {}

    /// Shows or hides the loading indicator.
    public func setLoading(_ isLoading: Bool) {
        if state.isLoading != isLoading { state.isLoading = isLoading }
    }

    /// Reloads the table with `rows`.
    public func reload(_ rows: [Row]) {
        if state.rows != rows { state.rows = rows }
    }

    /// Shows an alert with `message`, or removes it (nil).
    public func showAlert(_ message: String?) {
        if state.alert != message { state.alert = message }
    }

    /// Marks `order` as chosen in the sort control.
    public func showSortOrder(_ order: SongSortOrder) {
        if state.sortOrder != order { state.sortOrder = order }
    }

    /// The person chose `order` in the sort control (the front ends call this).
    public func chooseSortOrder(_ order: SongSortOrder) async {
        await onSortOrderChosen?(order)
    }

    /// The person selected the row at `index` (the front ends call this).
    public func selectRow(at index: Int) async {
        guard state.rows.indices.contains(index) else { return }
        await onSelectRow?(index)
    }

    /// The person selected the row of the song `id`; false when no row shows it.
    @discardableResult
    public func selectRow(id: String) async -> Bool {
        guard let index = state.rows.firstIndex(where: { $0.id == id }) else { return false }
        await selectRow(at: index)
        return true
    }
}

extension SongListCanvas.Row {
    /// The cell for `song`: its name, then its artist and release year.
    public init(_ song: Song) {
        self.init(
            id: song.id, title: song.name,
            subtitle: song.releaseYear.map { "\(song.artist) · \($0)" } ?? song.artist,
            artworkURL: song.artworkURL)
    }
}
