import WebSupport

/// A short page saying why there is nothing to show, with the way back to the chart.
enum MessagePage {
    /// No song of the chart has the ID asked for.
    static func noSuchSong() -> SafeHTML {
        render(heading: "Song not found", message: "No song of the chart has this ID. It may have left the chart.")
    }

    /// The screen opened a page this app cannot send the person to.
    static func unusablePage() -> SafeHTML {
        render(heading: "Page unavailable", message: "This song's page cannot be opened.")
    }

    private static func render(heading: String, message: String) -> SafeHTML {
        PageFrame.render(title: heading, heading: heading, capacity: 2_048) { html in
            html.element("div", .class("message")) { html in
                html.element("p", text: message)
                html.element("p") { html in
                    html.element("a", .class("button"), .href("/"), text: "Back to the chart")
                }
            }
            html.raw("\n")
        }
    }
}
