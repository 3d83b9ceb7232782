import AppPatterns
import FinnkinoKit
import Foundation

/// Where the person left off (their tab, filters, language, home area, own theatres, the movies
/// they hid), kept as a snapshot under their key, and where they are, as they or their browser
/// said.
struct PlaceData: PersonalData {
    let people: PersonStates
    /// Where the places are kept (under ``PlaceKeeper/key(of:)``, not in a table of persons).
    let storage: any SnapshotStorage

    /// Where the person is, as they or their browser said: the exact position.
    struct Location: Encodable, Sendable {
        let latitude: Double
        let longitude: Double
        /// `browser` (the browser's position), `typed` (a position typed), or the city named.
        let source: String
        /// When the browser reported it.
        let reportedAt: Date?
    }

    var stores: [any PersonalStore] { [] }

    func export(of person: PersonID, into document: inout PersonDataDocument) throws {
        document.add("place", people.state(of: person).place.place)
        document.add("location", people.location(of: person).location.flatMap(Self.location))
    }

    func erase(_ person: PersonID) async throws {
        people.forget(person)  // first: a request still holding their place can save it no more
        try storage.removeSnapshot(for: PlaceKeeper.key(of: person))
    }

    private static func location(_ location: UserLocation) -> Location? {
        let coordinate = location.coordinate
        switch location.source {
        case .none: return nil
        case .fixed:
            return Location(
                latitude: coordinate.latitude, longitude: coordinate.longitude, source: "typed", reportedAt: nil)
        case .city(let city):
            return Location(
                latitude: coordinate.latitude, longitude: coordinate.longitude, source: city.name, reportedAt: nil)
        case .browser(_, let reportedAt):
            return Location(
                latitude: coordinate.latitude, longitude: coordinate.longitude, source: "browser",
                reportedAt: reportedAt)
        }
    }
}
