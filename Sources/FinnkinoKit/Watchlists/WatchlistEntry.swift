import Foundation

/// A film a person wants to see, as their watchlist file names it: a title, maybe a year, and an
/// IMDb ID when the file has one (IMDb's `Const`).
public struct WatchlistEntry: Sendable, Hashable, Codable {
    /// Which kind of file it came from.
    public enum Origin: String, Sendable, Hashable, Codable {
        /// Letterboxd's `watchlist.csv`.
        case letterboxd
        /// One of Letterboxd's `lists/*.csv`.
        case letterboxdList
        /// An IMDb list or watchlist export.
        case imdb
        /// A plain list of titles.
        case text
    }

    /// The title as the file writes it (Letterboxd's, usually English or original; IMDb's `Title`).
    public var title: String
    /// IMDb's `Original Title`, when the file has one that differs.
    public var originalTitle: String?
    public var year: Int?
    /// `tt` and 7 or 8 digits.
    public var imdbID: String?
    public var origin: Origin

    public init(title: String, originalTitle: String? = nil, year: Int?, imdbID: String? = nil, origin: Origin) {
        self.title = title
        self.originalTitle = originalTitle
        self.year = year
        self.imdbID = imdbID
        self.origin = origin
    }

    /// What makes two entries the same film, kept once: the IMDb ID, else the title (as titles are
    /// compared) and the year.
    public var identity: String {
        imdbID ?? (ChartMatch.key(title) + "|" + (year.map(String.init) ?? ""))
    }
}

/// What was read of a watchlist file: its films, and the rows left out with why.
public struct WatchlistRead: Sendable, Equatable {
    public struct Skipped: Sendable, Equatable {
        public enum Reason: String, Sendable, Equatable, Codable {
            /// IMDb's `Title Type` says it is not a film (a series, a game…): no cinema shows it.
            case notAFilm
            /// Not a title: empty, too long, or a spreadsheet formula (`=HYPERLINK(…)`).
            case notATitle
            /// The same film again.
            case duplicate
        }

        /// The row's number in its file (1 is the first after the header; a plain list's first line).
        public var row: Int
        /// The row's title (or cell) as read, cut to 100 characters.
        public var text: String
        public var reason: Reason
    }

    public var entries: [WatchlistEntry]
    public var skipped: [Skipped]

    public init(entries: [WatchlistEntry] = [], skipped: [Skipped] = []) {
        self.entries = entries
        self.skipped = skipped
    }
}

/// Why a file is not read as a watchlist: nothing of it is taken.
public enum WatchlistFileError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Larger than ``WatchlistFile/maxBytes`` (or a ZIP whose files would be, unpacked).
    case tooLarge(limit: Int)
    /// More films than ``WatchlistFile/maxEntries``.
    case tooManyEntries(limit: Int)
    /// Not UTF-8 text.
    case notUTF8
    /// Letterboxd's films seen (`watched.csv`, `ratings.csv`, `diary.csv`…), not the watchlist.
    case watched(file: String)
    /// Letterboxd's layout under a name that does not say it is the watchlist: `watchlist.csv` and
    /// `watched.csv` have the same header, and only the name tells them apart.
    case unnamedLetterboxd
    /// A CSV of another kind (its header).
    case otherCSV(header: String)
    /// No film in it.
    case empty
    /// A ZIP that cannot be read.
    case unreadableZIP
    /// A ZIP without `watchlist.csv` or `lists/`.
    case noWatchlistInZIP

    public var description: String {
        switch self {
        case .tooLarge(let limit): "the file is larger than \(limit / 1_048_576) MB"
        case .tooManyEntries(let limit): "the file lists more than \(limit) films"
        case .notUTF8: "the file is not UTF-8 text"
        case .watched(let file): "\(file) lists the films you have seen, not your watchlist"
        case .unnamedLetterboxd:
            "a Letterboxd file is read as the watchlist only as watchlist.csv (watched.csv looks the same)"
        case .otherCSV(let header): "not a watchlist: a CSV with the columns \(header.prefix(120))"
        case .empty: "the file lists no films"
        case .unreadableZIP: "the ZIP file cannot be read"
        case .noWatchlistInZIP: "the ZIP file has no watchlist.csv and no lists"
        }
    }
}
