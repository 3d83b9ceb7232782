import AppPatterns
import Foundation
import Hummingbird
import MusicifyKit
import WebSupport

/// The routes of Musicify's web app. Every page request is a new visit to a new screen of the
/// configured architecture, as a person opening the app would make: `/` shows the chart
/// (`/?sort=artist` chooses that order on the screen once it has loaded), `/songs/<id>` selects a
/// song through the architecture and follows where it leads.
struct LatestSongsRoutes: Sendable {
    let architecture: Architecture
    /// The source's transport; each visit gets an API (a web service) of its own, so that a source
    /// found unreachable by one request is asked again by the next ("Try again").
    let transport: any Transport
    let endpoint: MostPlayedSongsEndpoint
    /// The bundled chart's transport when it is the source (its artwork and song pages are served
    /// under `/bundled`); nil for the live or another server.
    let bundled: BundledSongsTransport?
    let assets: StaticAssets
    /// The bundled chart's songs by ID, for their pages.
    private let bundledSongs: [String: Song]

    init(
        architecture: Architecture, transport: any Transport, endpoint: MostPlayedSongsEndpoint, assets: StaticAssets
    ) throws {
        self.architecture = architecture
        self.transport = transport
        self.endpoint = endpoint
        let bundled = transport as? BundledSongsTransport
        self.bundled = bundled
        self.assets = assets
        let songs = try bundled.map { try endpoint.decode($0.chart) } ?? []
        bundledSongs = Dictionary(songs.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    }

    func add(to router: Router<BasicRequestContext>) {
        router.get("/") { request, _ in
            let order = try Self.sortOrder(request.uri.queryParameters.get("sort"))
            let state = await Self.visit(architecture, api(), sortedBy: order)
            return Self.chartPage(state)
        }
        router.get("/songs/:id") { _, context in
            guard let id = Self.decoded(context.parameters.get("id")) else {
                return Self.html(MessagePage.noSuchSong(), status: .notFound)
            }
            return await select(id)
        }
        router.get("/bundled/artwork/:id/:file") { _, context in
            guard let bundled, let id = context.parameters.get("id"), let file = context.parameters.get("file")
            else { throw HTTPError(.notFound) }
            let answer = bundled.response(to: "/artwork/\(id)/\(file)")
            guard answer.status == 200 else { throw HTTPError(.notFound) }
            return Response(
                status: .ok,
                headers: [
                    .contentType: answer.headers["content-type"] ?? "application/octet-stream",
                    .cacheControl: "public, max-age=86400",
                ],
                body: ResponseBody(byteBuffer: ByteBuffer(bytes: answer.body)))
        }
        router.get("/bundled/songs/:id") { _, context in
            guard bundled != nil else { throw HTTPError(.notFound) }
            guard let id = Self.decoded(context.parameters.get("id")), let song = bundledSongs[id] else {
                return Self.html(MessagePage.noSuchSong(), status: .notFound)
            }
            return Self.html(BundledSongPage.render(song), status: .ok)
        }
        router.get("/static/:name") { _, context in try assets.response(named: context.parameters.get("name")) }
    }

    /// `/songs/<id>`: the chart is loaded and the song selected, as a person would; the answer is a
    /// redirect to the page the screen opened (a bundled page's local address).
    private func select(_ id: String) async -> Response {
        let (state, selection) = await Self.visit(architecture, api(), selecting: id)
        if state.alert != nil { return Self.chartPage(state) }
        switch selection {
        case .opened(let page):
            guard let address = ChartLink.address(of: page) else {
                return Self.html(MessagePage.unusablePage(), status: .badGateway)
            }
            return Response.redirect(to: address, type: .normal)
        case .noSuchSong, nil:
            return Self.html(MessagePage.noSuchSong(), status: .notFound)
        case .nothingOpened:
            return Self.html(MessagePage.unusablePage(), status: .badGateway)
        }
    }

    /// The API a new screen loads from.
    private func api() -> LatestSongsAPI {
        LatestSongsAPI(transport: transport, endpoint: endpoint)
    }

    /// A new screen appears (and a song is selected on it): what it shows, and where the
    /// selection led.
    @MainActor
    private static func visit(_ architecture: Architecture, _ api: LatestSongsAPI, selecting id: String)
        async -> (SongListCanvas.State, SongSelection?)
    {
        let visit = LatestSongsVisit(architecture: architecture, api: api)
        let state = await visit.appear()
        guard state.alert == nil else { return (state, nil) }
        return (state, await visit.select(id: id))
    }

    /// A new screen appears, then the person chooses `order` (unless it is the chart's own): what
    /// it shows.
    @MainActor
    private static func visit(_ architecture: Architecture, _ api: LatestSongsAPI, sortedBy order: SongSortOrder)
        async -> SongListCanvas.State
    {
        let visit = LatestSongsVisit(architecture: architecture, api: api)
        let state = await visit.appear()
        guard state.alert == nil, order != .chart else { return state }
        return await visit.choose(order)
    }

    /// The chart page; 502 when it shows an alert (the source failed us).
    private static func chartPage(_ state: SongListCanvas.State) -> Response {
        html(LatestSongsPage.render(state), status: state.alert == nil ? .ok : .badGateway)
    }

    private static func html(_ page: SafeHTML, status: HTTPResponse.Status) -> Response {
        Response(
            status: status, headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "no-cache"],
            body: ResponseBody(byteBuffer: page.byteBuffer))
    }

    /// The order `?sort=` asks for: the chart's when absent; a 400 for anything but an order's name.
    private static func sortOrder(_ text: String?) throws -> SongSortOrder {
        guard let text else { return .chart }
        guard let order = SongSortOrder(rawValue: text) else {
            throw HTTPError(.badRequest, message: "sort must be chart or artist")
        }
        return order
    }

    /// A path segment percent-decoded; nil when missing, empty or not valid percent-encoding.
    private static func decoded(_ segment: String?) -> String? {
        guard let decoded = segment?.removingPercentEncoding, !decoded.isEmpty else { return nil }
        return decoded
    }
}
