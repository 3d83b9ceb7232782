import FinnkinoKit
import FinnkinoPresentation
import Foundation
import Hummingbird

/// The News tab: `GET /news?category=…` (without a query, the category the person left), and an
/// article, `GET /news/<id>`.
struct NewsController: Sendable {
    let app: AppDependencies
    let news: NewsScreens
    let renderer: PageRenderer

    func add(to routes: RouteGroups) {
        routes.on(.news) { request, context in
            let client = context.client
            let place = app.place(client)
            guard
                case .news(let category)? = ScreenRequest(
                    request: request, client: client, place: place.place, today: app.today())
            else { throw HTTPError(.notFound) }
            var viewModel = try news.viewModel(category: category, client: client)
            await viewModel.load()
            let outputs = viewModel.outputs
            place.update {
                $0.tab = .news
                $0.newsCategory = category
            }
            let path = WebRoute.news.path(NewsQuery(category: category))
            return renderer.screen(outputs.outcome, client: client, path: path) {
                NewsView.page(outputs, layout: renderer.layout(client, path: path))
            }
        }
        routes.on(.article) { _, context in
            let client = context.client
            guard let id = context.parameters.get("id"), id.utf8.count <= 200 else { throw HTTPError(.notFound) }
            var viewModel = ArticleViewModel(store: try app.store(client), strings: client.strings)
            viewModel.articleSelected(id)
            await viewModel.load()
            let outputs = viewModel.outputs
            let path = WebRoute.article(id: id).path
            return renderer.screen(outputs.outcome, client: client, path: path) {
                ArticleView.page(outputs, layout: renderer.layout(client, path: path))
            }
        }
    }
}
