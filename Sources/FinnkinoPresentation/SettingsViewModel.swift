import FinnkinoKit
import Foundation

/// The settings every page offers: the interface's language, the person's own theatres, and
/// where they are. Its output is what they are told.
public struct SettingsViewModel: Sendable {
    public struct Outputs: Sendable, Equatable {
        /// What the last change did, in words; nil when it says nothing.
        public var message: String?
    }

    public private(set) var outputs = Outputs()
    /// The person's place and location service, each asked for only when a change is made: a
    /// location that is not one keeps nothing of the person.
    private let place: @Sendable () -> any PlaceKeeping
    private let location: @Sendable () -> LocationService
    private let language: UILanguage

    public init(
        place: @escaping @Sendable () -> any PlaceKeeping, location: @escaping @Sendable () -> LocationService,
        language: UILanguage
    ) {
        self.place = place
        self.location = location
        self.language = language
    }

    // MARK: Inputs

    /// The person chose the language `code` (`fi`, `sv`, `en`); nil when it is none of them.
    public mutating func languageChosen(_ code: String) -> UILanguage? {
        guard let chosen = UILanguage(rawValue: code) else { return nil }
        place().update { $0.language = chosen }
        outputs.message = nil
        return chosen
    }

    /// The person checked these theatres as their own: the values that are theatres of the
    /// table are kept, in order, once each; anything else is left out.
    public mutating func theatresChosen(_ values: [String]) {
        let known = Set(TheatreLocations.all.map(\.areaID))
        var chosen: [Int] = []
        for value in values {
            if let id = Int(value), known.contains(id), !chosen.contains(id) { chosen.append(id) }
        }
        place().update { $0.myTheatres = chosen }
        outputs.message = language.shows.myTheatresSaved
    }

    /// The person said where they are: a city or a position typed (at most 100 characters are
    /// read), or the browser's position (`fromBrowser`). False when the text is no place.
    public mutating func locationTyped(_ text: String, fromBrowser: Bool) -> Bool {
        let text = String(text.prefix(100))
        do {
            let source = try LocationSource(parsing: text)
            let location = location()
            if fromBrowser, case .fixed(let coordinate) = source {
                location.report(coordinate)
            } else {
                location.use(source)
            }
            outputs.message = nil
            return true
        } catch {
            outputs.message = language.strings.unknownLocation(text)
            return false
        }
    }

    /// The person asked the app to forget where they are.
    public mutating func locationForgotten() {
        location().use(.none)
        outputs.message = nil
    }
}
