import FinnkinoKit
import FinnkinoPresentation
import WebSupport

/// The location form of the Movies and Showtimes screens: where the user is (a city or a
/// position, or the browser's own when they ask for it), and the nearest area to go to.
enum LocationFormView {
    static let formID = "location-form"

    static func render(
        nearest: AreaOption?, nearestText: String?, areaLink: (Int) -> String, location: UserLocation?,
        layout: PageLayout, into html: inout HTMLWriter
    ) {
        let strings = layout.client.strings
        // Folded away until a location is set (then it says where, and the nearest area is a tap away).
        html.element("details", .class("location-details"), .flag("open", location != nil)) { html in
            html.element("summary", text: strings.locationLabel + (location.map { ": " + $0.label } ?? ""))
            html.element(
                "form", .id(formID), .class("location"), .method("post"),
                .action(WebRoute.setLocation.path)
            ) { html in
                html.voidElement("input", .type("hidden"), .name("csrf"), .value(layout.client.csrf.value))
                html.voidElement("input", .type("hidden"), .name("back"), .value(layout.path))
                html.voidElement("input", .type("hidden"), .name("source"), .value("typed"))
                html.element("label", .for("near"), text: strings.locationLabel)
                html.element("div", .class("location-row")) { html in
                    html.voidElement(
                        "input", .id("near"), .name("near"), .type("text"), .attribute("autocomplete", "off"),
                        .value(location?.label ?? ""), .attribute("placeholder", strings.locationPlaceholder))
                    html.element("button", .type("submit"), .id("set-location"), text: strings.setLocation)
                    html.element(
                        "button", .type("button"), .id("use-location"), .flag("hidden"),
                        .attribute("data-unavailable", strings.locationUnavailable), text: strings.useMyLocation)
                    if location != nil {
                        html.element(
                            "button", .type("submit"), .id("forget-location"), .name("forget"), .value("1"),
                            text: strings.forgetLocation)
                    }
                }
                if let nearest, let id = nearest.id, let nearestText {
                    html.element("p", .class("nearest")) { html in
                        html.element("a", .id("nearest-area"), .href(areaLink(id)), text: nearestText)
                    }
                }
            }
        }
    }

    /// An area's name in a picker, with its distance when known (`Tampere · 160 km`).
    static func optionLabel(_ option: AreaOption) -> String {
        option.distance.map { option.name + " · " + $0 } ?? option.name
    }
}
