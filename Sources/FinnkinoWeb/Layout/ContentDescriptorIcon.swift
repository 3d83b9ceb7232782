/// The icons of the content descriptors, drawn here (24x24, in the text's colour): violence a
/// burst, disturbing a frightened face, sexual content a heart, substance abuse a capsule. Decorative:
/// the words beside each are what is read.
enum ContentDescriptorIcon {
    /// The SVG of the descriptor the feed calls `name`; nil for one the app has no icon for.
    static func svg(_ name: String) -> String? {
        guard let body = shapes[name] else { return nil }
        return "<svg class=\"descriptor-icon\" viewBox=\"0 0 24 24\" width=\"24\" height=\"24\" aria-hidden=\"true\" "
            + "focusable=\"false\" fill=\"none\" stroke=\"currentColor\" stroke-width=\"2\" stroke-linejoin=\"round\" "
            + "stroke-linecap=\"round\">" + body + "</svg>"
    }

    private static let shapes: [String: String] = [
        "Violence":
            "<path d=\"M12 2l2.2 5.6L20 6l-3.2 5L22 14l-5.8.6L17 21l-5-3.6L7 21l.8-6.4L2 14l5.2-3L4 6l5.8 1.6z\"/>",
        "Disturbing":
            "<circle cx=\"12\" cy=\"12\" r=\"10\"/><circle cx=\"8.5\" cy=\"10\" r=\"1.8\"/>"
            + "<circle cx=\"15.5\" cy=\"10\" r=\"1.8\"/><ellipse cx=\"12\" cy=\"16.5\" rx=\"2\" ry=\"2.5\"/>",
        "SexualContent": "<path d=\"M12 21s-8-5.2-8-11a4.5 4.5 0 0 1 8-2.8A4.5 4.5 0 0 1 20 10c0 5.8-8 11-8 11z\"/>",
        "SubstanceAbuse":
            "<rect x=\"2.5\" y=\"8\" width=\"19\" height=\"8\" rx=\"4\" transform=\"rotate(-35 12 12)\"/>"
            + "<path d=\"M10 7.5l4 9\" transform=\"rotate(-35 12 12)\"/>",
    ]
}
