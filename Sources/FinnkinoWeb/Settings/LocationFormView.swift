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
        html.raw(location == nil ? "<details class=\"location-details\">" : "<details class=\"location-details\" open>")
        html.raw("<summary>")
        html.text(strings.locationLabel + (location.map { ": " + $0.label } ?? ""))
        html.raw("</summary>")
        html.raw("<form id=\"\(formID)\" class=\"location\" method=\"post\" action=\"\(WebRoute.setLocation.path)\">")
        html.raw("<input type=\"hidden\" name=\"csrf\" value=\"")
        html.text(layout.client.csrf.value)
        html.raw("\"><input type=\"hidden\" name=\"back\" value=\"")
        html.text(layout.path)
        html.raw("\"><input type=\"hidden\" name=\"source\" value=\"typed\"><label for=\"near\">")
        html.text(strings.locationLabel)
        html.raw(
            "</label><div class=\"location-row\"><input id=\"near\" name=\"near\" type=\"text\" autocomplete=\"off\" value=\""
        )
        html.text(location?.label ?? "")
        html.raw("\" placeholder=\"")
        html.text(strings.locationPlaceholder)
        html.raw("\"><button type=\"submit\" id=\"set-location\">")
        html.text(strings.setLocation)
        html.raw("</button><button type=\"button\" id=\"use-location\" hidden data-unavailable=\"")
        html.text(strings.locationUnavailable)
        html.raw("\">")
        html.text(strings.useMyLocation)
        html.raw("</button>")
        if location != nil {
            html.raw("<button type=\"submit\" id=\"forget-location\" name=\"forget\" value=\"1\">")
            html.text(strings.forgetLocation)
            html.raw("</button>")
        }
        html.raw("</div>")
        if let nearest, let id = nearest.id, let nearestText {
            html.raw("<p class=\"nearest\"><a id=\"nearest-area\" href=\"")
            html.text(areaLink(id))
            html.raw("\">")
            html.text(nearestText)
            html.raw("</a></p>")
        }
        html.raw("</form></details>")
    }

    /// An area's name in a picker, with its distance when known (`Tampere · 160 km`).
    static func optionLabel(_ option: AreaOption) -> String {
        option.distance.map { option.name + " · " + $0 } ?? option.name
    }
}
