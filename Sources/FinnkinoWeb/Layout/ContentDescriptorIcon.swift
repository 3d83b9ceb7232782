import WebSupport

/// The icons of the content descriptors, drawn here (24x24, in the text's colour): violence a
/// burst, disturbing a frightened face, sexual content a heart, substance abuse a capsule. Decorative:
/// the words beside each are what is read.
enum ContentDescriptorIcon {
    /// The SVG of the descriptor the feed calls `name`; nil for one the app has no icon for.
    static func svg(_ name: String) -> SafeHTML? { icons[name] }

    private static let icons: [String: SafeHTML] = [
        "Violence": icon { html in
            html.selfClosingElement(
                "path",
                .attribute(
                    "d", "M12 2l2.2 5.6L20 6l-3.2 5L22 14l-5.8.6L17 21l-5-3.6L7 21l.8-6.4L2 14l5.2-3L4 6l5.8 1.6z"))
        },
        "Disturbing": icon { html in
            html.selfClosingElement("circle", .attribute("cx", "12"), .attribute("cy", "12"), .attribute("r", "10"))
            html.selfClosingElement("circle", .attribute("cx", "8.5"), .attribute("cy", "10"), .attribute("r", "1.8"))
            html.selfClosingElement("circle", .attribute("cx", "15.5"), .attribute("cy", "10"), .attribute("r", "1.8"))
            html.selfClosingElement(
                "ellipse", .attribute("cx", "12"), .attribute("cy", "16.5"), .attribute("rx", "2"),
                .attribute("ry", "2.5"))
        },
        "SexualContent": icon { html in
            html.selfClosingElement(
                "path", .attribute("d", "M12 21s-8-5.2-8-11a4.5 4.5 0 0 1 8-2.8A4.5 4.5 0 0 1 20 10c0 5.8-8 11-8 11z"))
        },
        "SubstanceAbuse": icon { html in
            html.selfClosingElement(
                "rect", .attribute("x", "2.5"), .attribute("y", "8"), .attribute("width", "19"),
                .attribute("height", "8"),
                .attribute("rx", "4"), .attribute("transform", "rotate(-35 12 12)"))
            html.selfClosingElement(
                "path", .attribute("d", "M10 7.5l4 9"), .attribute("transform", "rotate(-35 12 12)"))
        },
    ]

    /// A 24x24 icon drawn in the text's colour, hidden from screen readers.
    private static func icon(_ shapes: (inout HTMLWriter) -> Void) -> SafeHTML {
        HTMLWriter.fragment(capacity: 512) { html in
            html.element(
                "svg", .class("descriptor-icon"), .attribute("viewBox", "0 0 24 24"), .attribute("width", 24),
                .attribute("height", 24), .attribute("aria-hidden", "true"), .attribute("focusable", "false"),
                .attribute("fill", "none"), .attribute("stroke", "currentColor"), .attribute("stroke-width", 2),
                .attribute("stroke-linejoin", "round"), .attribute("stroke-linecap", "round"), content: shapes)
        }
    }
}
