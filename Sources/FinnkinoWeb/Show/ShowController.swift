import FinnkinoKit
import FinnkinoPresentation
import Foundation
import Hummingbird

/// A show's page, `GET /show/<area>/<date>/<id>`, and the show as a calendar file,
/// `GET /show/<area>/<date>/<id>/calendar.ics` (RFC 5545). The address names the area and day the
/// show is listed in: that is how the API finds it, and so the address works for anyone it is
/// shared with.
struct ShowController: Sendable {
    let app: AppDependencies
    let renderer: PageRenderer

    func add(to routes: RouteGroups) {
        routes.on(.show) { request, context in
            guard case .show(let area, let date, let id) = WebRoute(path: request.uri.path) else {
                throw HTTPError(.notFound)
            }
            let client = context.client
            let outputs = try await show(id: id, area: area, date: date, client: client)
            let path = WebRoute.show(area: area, date: date, id: id).path
            return renderer.screen(outputs.outcome, client: client, path: path) {
                ShowView.page(outputs, layout: renderer.layout(client, path: path))
            }
        }
        routes.on(.showCalendar) { request, context in
            guard case .showCalendar(let area, let date, let id) = WebRoute(path: request.uri.path) else {
                throw HTTPError(.notFound)
            }
            let outputs = try await show(id: id, area: area, date: date, client: context.client)
            guard let event = outputs.calendarEvent else {
                throw HTTPError(outputs.outcome == .notFound ? .notFound : .serviceUnavailable)
            }
            let text = ShowCalendar.document(event).text(stamp: app.now())
            return Response(
                status: .ok,
                headers: [
                    .contentType: "text/calendar; charset=utf-8", .cacheControl: "no-cache",
                    .contentDisposition: "attachment; filename=\"finnkino-show-\(id).ics\"",
                ],
                body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
        }
    }

    /// The show's page, loaded.
    private func show(id: Int, area: Int, date: LocalDate, client: ClientState) async throws -> ShowViewModel.Outputs {
        var viewModel = ShowViewModel(store: try app.store(client), language: client.language, now: app.now)
        viewModel.showSelected(id: id, area: area, date: date)
        await viewModel.load()
        return viewModel.outputs
    }
}
