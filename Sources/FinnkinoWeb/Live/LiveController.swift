import FinnkinoKit
import FinnkinoPresentation
import Foundation
import Hummingbird

/// `GET /live?page=<the page's address>`: the page's live updates as server-sent events (see
/// ``LiveUpdates``); 204 for a page with nothing that can change.
struct LiveController: Sendable {
    let app: AppDependencies
    let screens: LiveScreens

    /// Days ahead a showtimes page is followed live: Finnkino sells tickets a few weeks ahead at
    /// most, so a later date has no shows to follow, only a feed that would poll for nothing.
    static let liveDaysAhead = 60

    func add(to routes: RouteGroups) {
        routes.on(.live) { request, context in try await live(request, context) }
    }

    /// Whether `screen` can change while it is open: a showtimes date from yesterday to
    /// ``liveDaysAhead`` days ahead; any other screen.
    static func hasLiveData(_ screen: ScreenRequest, today: LocalDate) -> Bool {
        guard case .showtimes(_, _, _, let date?, _, _) = screen else { return true }
        return date >= today.adding(days: -1) && date <= today.adding(days: liveDaysAhead)
    }

    private func live(_ request: Request, _ context: PageRequestContext) async throws -> Response {
        let client = context.client
        guard let page = request.query(LiveQuery.self).page,
            let screen = ScreenRequest(page: page, client: client), Self.hasLiveData(screen, today: app.today()),
            await screens.namesKnownArea(screen, client: client)
        else { return Response(status: .noContent) }
        let updates = LiveUpdates(app: app, screens: screens)
        return Response(
            status: .ok,
            headers: [.contentType: "text/event-stream; charset=utf-8", .cacheControl: "no-cache"],
            body: ResponseBody { writer in
                // Hummingbird's consumeWithCancellationOnInboundClose kept about 760 bytes per
                // call for ever (measured: 20,000 streams opened and closed grew the server by
                // 22 MiB; with this barrier, by nothing). The stream ends on our own signal instead.
                let (closed, closing) = AsyncStream<Void>.makeStream()
                try await request.body.consumeWithInboundCloseHandler { _ in
                    try await updates.stream(screen, client: client, writer: &writer, until: closed)
                } onInboundClosed: {
                    closing.finish()
                }
                try await writer.finish(nil)
            })
    }
}
