import FinnkinoPresentation
import Foundation

/// The web app manifest (W3C "Web Application Manifest") that makes the app installable on a
/// phone's home screen, in the person's language: every page links the one of its language
/// (`/manifest.webmanifest?lang=fi`), since a browser fetches a manifest without cookies.
///
/// The app opens standalone at `/` (the page open last), in any orientation. The manifest has one
/// theme and one background colour, the light ones: the standard has none for dark. Every page
/// also names its theme colour for light and for dark (`<meta name="theme-color" media=…>`),
/// which the browser uses once a page is open.
struct WebAppManifest: Encodable, Sendable {
    struct Icon: Encodable, Sendable {
        var src: String
        var sizes: String
        var type: String
        var purpose: String
    }

    var id = "/"
    var name: String
    var shortName = "Finnkino"
    var description: String
    var lang: String
    var dir = "ltr"
    var startURL = WebRoute.root.path
    var scope = "/"
    var display = "standalone"
    var themeColor = Self.lightBackground
    var backgroundColor = Self.lightBackground
    var icons: [Icon]

    enum CodingKeys: String, CodingKey {
        case id, name, description, lang, dir, scope, display, icons
        case shortName = "short_name"
        case startURL = "start_url"
        case themeColor = "theme_color"
        case backgroundColor = "background_color"
    }

    /// The pages' background (`--bg` in `app.css`), light and dark.
    static let lightBackground = "#ffffff"
    static let darkBackground = "#141418"

    init(_ language: UILanguage) {
        lang = language.rawValue
        switch language {
        case .fi:
            name = "Finnkino – elokuvaopas"
            description = "Epävirallinen opas Finnkinon elokuviin, näytöksiin ja uutisiin."
        case .sv:
            name = "Finnkino – filmguide"
            description = "En inofficiell guide till Finnkinos filmer, visningar och nyheter."
        case .en:
            name = "Finnkino – movie guide"
            description = "An unofficial guide to Finnkino's movies, showtimes and news."
        }
        icons = AppIcon.allCases.map { icon in
            Icon(
                src: WebRoute.appIcon(name: icon.rawValue).path, sizes: "\(icon.side)x\(icon.side)",
                type: "image/png", purpose: icon.isMaskable ? "maskable" : "any")
        }
    }

    /// The manifest as sent, in each language, made once.
    static let json: [UILanguage: [UInt8]] = Dictionary(
        uniqueKeysWithValues: UILanguage.allCases.map { language in
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            // Strings and arrays of strings always encode.
            return (language, (try? encoder.encode(WebAppManifest(language))).map(Array.init) ?? [])
        })

    /// The manifest's address for pages in `language`.
    static func path(_ language: UILanguage) -> String {
        WebRoute.manifest.path(ManifestQuery(language: language))
    }
}
