import FinnkinoPresentation

/// The web app manifest's query: `lang=fi|sv|en` (Finnish when not one of them).
struct ManifestQuery: ScreenQuery {
    var language: UILanguage

    init(language: UILanguage) { self.language = language }

    init(values: [String: String]) { language = values["lang"].flatMap(UILanguage.init(rawValue:)) ?? .fi }

    var parts: [(name: String, value: String)] { [("lang", language.rawValue)] }
}
