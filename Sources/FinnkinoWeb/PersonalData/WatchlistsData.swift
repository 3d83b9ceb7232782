import FinnkinoKit
import Foundation

/// The person's watchlist imports (the file's name, when, what each added) and the films kept
/// from them until they come on.
struct WatchlistsData: PersonalData {
    let watchlists: any Watchlists

    var stores: [any PersonalStore] { [watchlists] }

    func export(of person: PersonID, into document: inout PersonDataDocument) throws {
        document.add("watchlistImports", try watchlists.imports(of: person))
        document.add("keptFilms", try watchlists.kept(of: person))
    }

    func erase(_ person: PersonID) async throws { try watchlists.erase(person) }
}
