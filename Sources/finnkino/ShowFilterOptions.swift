import ArgumentParser
import FinnkinoKit
import Foundation

/// The Showtimes screen's filters as options of `finnkino showtimes`: the same ``ShowFilter``.
struct ShowFilterOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Heard in this language, originally or dubbed (fi, sv, en, …).", valueName: "code"))
    var spoken: String?

    @Option(help: ArgumentHelp("Subtitled in this language (fi, sv, en, …).", valueName: "code"))
    var subtitles: String?

    @Option(help: ArgumentHelp("2d or 3d.", valueName: "picture"))
    var format: ShowFilter.Picture?

    @Option(
        help: ArgumentHelp(
            "hoh: descriptive subtitles for the hard of hearing; sign: sign language.", valueName: "need"))
    var access: ShowFilter.Accessibility?

    @Option(help: ArgumentHelp("Starting at or after this time (18:00).", valueName: "hh:mm"))
    var from: String?

    @Option(help: ArgumentHelp("Ending by this time (23:30; past midnight as 25:00).", valueName: "hh:mm"))
    var until: String?

    @Option(
        help: ArgumentHelp(
            "Only this theatre's shows, by name or ID; repeat it for several, across areas (instead of --area).",
            valueName: "name|id"))
    var theatre: [String] = []

    /// The filter the options say; a time that is no time is a usage error.
    func filter() throws -> ShowFilter {
        ShowFilter(
            spoken: try Self.language(spoken, "--spoken"), subtitles: try Self.language(subtitles, "--subtitles"),
            picture: format, accessibility: access, startsFrom: try Self.minutes(from, "--from"),
            endsBy: try Self.minutes(until, "--until"))
    }

    private static func language(_ text: String?, _ option: String) throws -> String? {
        guard let text else { return nil }
        guard let code = ShowFilter.languageCode(text) else {
            throw ValidationError("\(option) takes a two-letter language code (fi, sv, en), got \"\(text)\"")
        }
        return code
    }

    private static func minutes(_ text: String?, _ option: String) throws -> Int? {
        guard let text else { return nil }
        guard let minutes = ShowFilter.minutes(text) else {
            throw ValidationError("\(option) takes a time as hh:mm (18:00; past midnight as 25:00), got \"\(text)\"")
        }
        return minutes
    }
}

extension ShowFilter.Picture: ExpressibleByArgument {}
extension ShowFilter.Accessibility: ExpressibleByArgument {}
