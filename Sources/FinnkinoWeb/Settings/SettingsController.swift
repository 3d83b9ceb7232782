import FinnkinoKit
import FinnkinoPresentation
import Foundation
import Hummingbird

/// The settings every page's header offers: `POST /settings/language` and `POST
/// /settings/location`; each goes back to the page it was sent from (the form's `back`).
struct SettingsController: Sendable {
    let app: AppDependencies

    func add(to routes: RouteGroups) {
        routes.on(.setLanguage) { _, context in try setLanguage(context) }
        routes.on(.setLocation) { _, context in setLocation(context) }
        routes.on(.setTheatres) { _, context in setTheatres(context) }
    }

    /// Keeps the person's own theatres (the form's checked `theatre` values).
    private func setTheatres(_ context: PageRequestContext) -> Response {
        var viewModel = settings(context.client)
        viewModel.theatresChosen(context.form.all("theatre"))
        return ClientState.redirect(to: context.form.back, flash: viewModel.outputs.message)
    }

    /// Sets the `lang` cookie and keeps the choice in the person's place (a browser without the
    /// cookie gets it too, also after a restart).
    private func setLanguage(_ context: PageRequestContext) throws -> Response {
        var viewModel = settings(context.client)
        guard let language = viewModel.languageChosen(context.form["language"] ?? "") else {
            throw HTTPError(.badRequest)
        }
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
        var viewModel = settings(context.client)
        if form["forget"] != nil {
            viewModel.locationForgotten()
        } else if !viewModel.locationTyped(form["near"] ?? "", fromBrowser: form["source"] == "browser") {
            context.changeFailed()
        }
        return ClientState.redirect(to: form.back, flash: viewModel.outputs.message)
    }

    /// The client's person's settings. Their place and location are asked for only when a change
    /// is made: a location that is not one keeps nothing of the person.
    private func settings(_ client: ClientState) -> SettingsViewModel {
        SettingsViewModel(
            place: { [people = app.people, person = client.person] in people.state(of: person).place },
            location: { [people = app.people, person = client.person] in people.location(of: person) },
            language: client.language)
    }
}
