import FinnkinoKit
import FinnkinoPresentation
import Foundation
import Hummingbird

/// The settings every page's header offers: `POST /settings/language` and `POST
/// /settings/location`; each goes back to the page it was sent from (the form's `back`).
struct SettingsController: Sendable {
    let screens: Screens

    func add(to routes: RouteGroups) {
        routes.on(.setLanguage) { _, context in try setLanguage(context) }
        routes.on(.setLocation) { _, context in setLocation(context) }
        routes.on(.setTheatres) { _, context in setTheatres(context) }
    }

    /// Keeps the person's own theatres (the form's checked `theatre` values that are theatres of
    /// the table; anything else is left out).
    private func setTheatres(_ context: PageRequestContext) -> Response {
        let known = Set(TheatreLocations.all.map(\.areaID))
        var chosen: [Int] = []
        for value in context.form.all("theatre") {
            if let id = Int(value), known.contains(id), !chosen.contains(id) { chosen.append(id) }
        }
        screens.place(context.client).update { $0.myTheatres = chosen }
        return ClientState.redirect(to: context.form.back, flash: context.client.language.shows.myTheatresSaved)
    }

    /// Sets the `lang` cookie and keeps the choice in the person's place (a browser without the
    /// cookie gets it too, also after a restart).
    private func setLanguage(_ context: PageRequestContext) throws -> Response {
        guard let language = context.form["language"].flatMap(UILanguage.init(rawValue:)) else {
            throw HTTPError(.badRequest)
        }
        screens.place(context.client).update { $0.language = language }
        var response = Response.redirect(to: context.form.back, type: .normal)
        response.setCookie(
            Cookie(
                name: ClientState.languageCookie, value: language.rawValue, maxAge: 365 * 86_400, path: "/",
                httpOnly: true, sameSite: .lax))
        return response
    }

    /// Sets where the person is (a city or a position typed, or the browser's position when
    /// `source` is `browser`) or forgets it (`forget`).
    private func setLocation(_ context: PageRequestContext) -> Response {
        let form = context.form
        if form["forget"] != nil {
            screens.location(context.client).use(.none)
            return ClientState.redirect(to: form.back, flash: nil)
        }
        let text = String((form["near"] ?? "").prefix(100))
        do {
            // Read first: a place that is not one keeps nothing of the person (not even their location's state).
            let source = try LocationSource(parsing: text)
            let location = screens.location(context.client)
            if form["source"] == "browser", case .fixed(let coordinate) = source {
                location.report(coordinate)
            } else {
                location.use(source)
            }
            return ClientState.redirect(to: form.back, flash: nil)
        } catch {
            context.changeFailed()
            let strings = context.client.strings
            return ClientState.redirect(to: form.back, flash: strings.unknownLocation(text))
        }
    }
}
