import WebSupport

/// A short page saying why there is nothing to show, with the way back to the chart.
enum MessagePage {
    /// No song of the chart has the ID asked for.
    static func noSuchSong() -> String {
        render(heading: "Song not found", message: "No song of the chart has this ID. It may have left the chart.")
    }

    /// The screen opened a page this app cannot send the person to.
    static func unusablePage() -> String {
        render(heading: "Page unavailable", message: "This song's page cannot be opened.")
    }

    private static func render(heading: String, message: String) -> String {
        PageFrame.render(title: heading, heading: heading, capacity: 2_048) { html in
            html.raw("<div class=\"message\"><p>")
            html.text(message)
            html.raw("</p><p><a class=\"button\" href=\"/\">Back to the chart</a></p></div>\n")
        }
    }
}
