import FinnkinoKit
import FinnkinoPresentation
import Foundation
import Hummingbird

/// The News tab: `GET /news?category=…` (without a query, the category the person left), and an
/// article, `GET /news/<id>`.
struct NewsController: Sendable {
    let screens: Screens
    let renderer: PageRenderer

    func add(to routes: RouteGroups) {
        routes.on(.news) { request, context in
            let client = context.client
            let place = screens.place(client)
            guard
                case .news(let category)? = ScreenRequest(
                    request: request, client: client, place: place.place, today: screens.today())
            else { throw HTTPError(.notFound) }
            let outputs = try await screens.news(category: category, client: client)
            place.update {
                $0.tab = .news
                $0.newsCategory = category
            }
            let path = WebRoute.news.path + (category.map { "?category=\($0)" } ?? "")
            return renderer.screen(outputs.outcome, client: client, path: path) {
                NewsView.page(outputs, layout: renderer.layout(client, path: path))
            }
        }
        routes.on(.article) { _, context in
            let client = context.client
            guard let id = context.parameters.get("id"), id.utf8.count <= 200 else { throw HTTPError(.notFound) }
            let outputs = try await screens.article(id: id, client: client)
            let path = WebRoute.article(id: id).path
            return renderer.screen(outputs.outcome, client: client, path: path) {
                ArticleView.page(outputs, layout: renderer.layout(client, path: path))
            }
        }
    }
}
