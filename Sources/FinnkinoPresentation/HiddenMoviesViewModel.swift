import FinnkinoKit
import Foundation

/// The movies a person is not interested in: the Hidden movies screen, and hiding a movie or
/// bringing it back (from a movie card, the movie's page or this screen), or all of them at once.
/// Its outputs are the list and what the last action did, in words.
public struct HiddenMoviesViewModel: Sendable {
    /// A hidden movie: its title and thumbnail as the lists have it, or only its ID when it is no
    /// longer on them (or they cannot be had).
    public struct Row: Sendable, Equatable {
        public var id: Int
        /// The title, or that the movie is no longer listed.
        public var title: String
        public var thumbnailURL: URL?
        /// Whether the title is the lists' (the row then links to the movie's page).
        public var isListed: Bool
    }

    public struct Outputs: Sendable, Equatable {
        /// Newest hidden first.
        public var rows: [Row] = []
        public var emptyMessage: String?
        /// What the last action did (`Dyyni is hidden from your lists.`).
        public var message: String?
    }

    public private(set) var outputs = Outputs()
    /// The feeds that name the movies; nil when they cannot be opened (each is then named by its ID).
    private let store: FeedStore?
    private let place: any PlaceKeeping
    private let words: ShowStrings

    public init(store: FeedStore?, place: any PlaceKeeping, language: UILanguage) {
        self.store = store
        self.place = place
        words = language.shows
    }

    // MARK: Inputs

    /// The person asked not to see the movie in their lists.
    public mutating func hideSelected(_ id: Int) async {
        place.update { $0.hide(id) }
        outputs.message = words.hidden(await title(of: id))
    }

    /// The person wants the movie back in their lists.
    public mutating func bringBackSelected(_ id: Int) async {
        place.update { $0.bringBack(id) }
        outputs.message = words.broughtBack(await title(of: id))
    }

    /// The person wants every movie they hid back in their lists; how many came back (0: there
    /// were none, and nothing changed).
    @discardableResult
    public mutating func bringAllBackSelected() -> Int {
        var count = 0
        place.update { place in
            count = place.notInterested?.count ?? 0
            place.notInterested = nil
        }
        outputs.message = count == 0 ? words.noHiddenMovies : words.allBroughtBack(String(count))
        return count
    }

    /// Loads the hidden movies into `outputs.rows`.
    public mutating func load() async {
        let hidden = place.place.notInterested ?? []
        guard !hidden.isEmpty else {
            outputs.rows = []
            outputs.emptyMessage = words.noHiddenMovies
            return
        }
        // The two nationwide lists once, not once per hidden movie.
        var listed: [Int: Event] = [:]
        for list in EventListType.allCases {
            for event in (try? await store?.movies(list).value) ?? [] where listed[event.id] == nil {
                listed[event.id] = event
            }
        }
        outputs.emptyMessage = nil
        outputs.rows = hidden.map { id in
            guard let movie = listed[id] else {
                return Row(id: id, title: words.movieNoLongerListed(String(id)), thumbnailURL: nil, isListed: false)
            }
            return Row(id: id, title: movie.title, thumbnailURL: movie.images.thumbnail, isListed: true)
        }
    }

    /// The movie's title as the source has it, or that it is no longer listed.
    private func title(of id: Int) async -> String {
        (try? await store?.movie(id: id).title) ?? words.movieNoLongerListed(String(id))
    }
}
