import WebSupport

/// The frame of every Musicify page: the document's head (viewport, colour schemes, the style
/// sheet and icon), the header with the app's name, the page's own content, and the footer. It
/// writes nothing about how the screen was built: every architecture gets the same page.
enum PageFrame {
    /// Where the app serves its style sheet and icon.
    static let styleSheetPath = "/static/musicify.css"
    static let iconPath = "/static/musicify-icon.svg"

    /// A whole page titled `title` (then "Musicify"), with `heading` under the app's name and
    /// `main` written by the caller.
    static func render(
        title: String, heading: String, capacity: Int = 4_096, main: (inout HTMLWriter) -> Void
    ) -> String {
        var html = HTMLWriter(capacity: capacity)
        html.raw("<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
        html.raw("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
        html.raw("<meta name=\"color-scheme\" content=\"light dark\">\n<title>")
        html.text(title)
        html.raw(" · Musicify</title>\n<link rel=\"stylesheet\" href=\"\(styleSheetPath)\">\n")
        html.raw("<link rel=\"icon\" href=\"\(iconPath)\" type=\"image/svg+xml\">\n</head>\n<body>\n")
        html.raw("<header class=\"masthead\"><div class=\"frame\">")
        html.raw("<a class=\"brand\" href=\"/\"><img class=\"brand-icon\" src=\"\(iconPath)\" alt=\"\" ")
        html.raw("width=\"28\" height=\"28\">Musicify</a>\n<h1>")
        html.text(heading)
        html.raw("</h1></div></header>\n<main class=\"frame\">\n")
        main(&html)
        html.raw("</main>\n<footer class=\"footer\"><div class=\"frame\"><p>")
        html.raw("Musicify: the latest most-played songs. Select a song to open its page.</p></div></footer>\n")
        html.raw("</body>\n</html>\n")
        return html.html
    }
}
