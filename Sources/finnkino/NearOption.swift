import ArgumentParser
import FinnkinoKit
import FinnkinoPresentation

/// `--near LAT,LON|CITY`: where the user is, for sorting areas by distance.
struct NearOption: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Where you are: a position (60.17,24.94) or a Finnish city (tampere). Areas nearest first.",
            valueName: "lat,lon|city"))
    var near: String?

    /// A bad value is one line on standard error and exit 64, as other argument errors.
    func validate() throws {
        guard let near else { return }
        do {
            _ = try LocationSource(parsing: near)
        } catch {
            "Error: --near: \(error.description)".writeToStandardError()
            throw ExitCode.validationFailure
        }
    }

    /// The user's location, nil without `--near`.
    func location() throws -> UserLocation? {
        guard let near else { return nil }
        return LocationService(source: try LocationSource(parsing: near)).location
    }

    /// The area of `areas` nearest to the user, and how a heading names it:
    /// `Tampere: CINE ATLAS (nearest, 0.1 km)`. Nil without `--near`.
    func nearestArea(in areas: [TheatreArea]) throws -> (area: TheatreArea, heading: String)? {
        guard let location = try location() else { return nil }
        guard let nearest = TheatreLocations.byDistance(areas, from: location.coordinate).first,
            let kilometres = nearest.kilometres
        else { throw CommandFailure("no area has a known position to measure from \(location.label)") }
        return (nearest.area, "\(nearest.area.name) (nearest, \(Terminal.format.distance(kilometres)))")
    }
}
