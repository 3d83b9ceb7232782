import FinnkinoKit
import FinnkinoPresentation
import Foundation
import Hummingbird
import MultipartKit
import NIOCore
import WebSupport

/// The watchlist import, reached from the Bookmarks page:
///
/// - `GET /bookmarks/watchlist`: the form (a file input: no script needed), the films kept for
///   later, and the last import with its undo;
/// - `POST /bookmarks/watchlist/import?csrf=…` (`multipart/form-data`, field `file`): the import,
///   its report on the page it answers; a body larger than the file limit is refused as it
///   streams (413, with the page saying so), and a refused file changes nothing;
/// - `POST /bookmarks/watchlist/undo`: takes the last import back.
struct WatchlistController: Sendable {
    let app: AppDependencies
    let renderer: PageRenderer

    /// What a form's body may hold beyond the file: its field names and boundaries.
    static let formOverhead = 64 * 1024

    func add(to routes: RouteGroups) {
        routes.on(.watchlist) { _, context in
            var viewModel = try watchlist(context.client)
            try viewModel.load()
            return page(viewModel.outputs, client: context.client)
        }
        routes.on(.importWatchlist) { request, context in
            let client = context.client
            var viewModel = try watchlist(client)
            var request = request
            let body: ByteBuffer
            do {
                body = try await request.collectBody(upTo: WatchlistFile.maxBytes + Self.formOverhead)
            } catch let error where Self.isTooLarge(error) {
                LimitHit.uploadSize.count()
                context.changeFailed()
                try viewModel.load()
                var outputs = viewModel.outputs
                outputs.message = client.language.watchlist.refusal(.tooLarge(limit: WatchlistFile.maxBytes))
                return page(outputs, client: client, status: .contentTooLarge)
            }
            guard let (name, data) = Self.file(of: request, body: body) else {
                context.changeFailed()
                try viewModel.load()
                var outputs = viewModel.outputs
                outputs.message = client.language.watchlist.noFile
                return page(outputs, client: client, status: .badRequest)
            }
            guard try await viewModel.importRequested(data, named: name) else {
                context.changeFailed()
                try viewModel.load()
                return page(viewModel.outputs, client: client, status: .unprocessableContent)
            }
            return page(viewModel.outputs, client: client)
        }
        routes.on(.undoWatchlistImport) { _, context in
            var viewModel = try watchlist(context.client)
            guard try viewModel.undoRequested() else { throw HTTPError(.notFound) }
            return ClientState.redirect(to: WebRoute.watchlist.path, flash: viewModel.outputs.message)
        }
    }

    /// The `file` part of a `multipart/form-data` body (MultipartKit's parser): its name as sent,
    /// and its bytes; nil when there is none, or it is empty.
    static func file(of request: Request, body: ByteBuffer) -> (name: String, data: Data)? {
        guard let type = request.headers[.contentType], type.lowercased().hasPrefix("multipart/form-data"),
            let boundary = type.split(separator: ";").lazy.map({ $0.trimmingCharacters(in: .whitespaces) })
                .first(where: { $0.lowercased().hasPrefix("boundary=") })?.dropFirst("boundary=".count)
        else { return nil }
        let parser = MultipartParser(
            boundary: String(boundary).trimmingCharacters(in: CharacterSet(charactersIn: "\"")))
        var parts: [(disposition: String, body: ByteBuffer)] = []
        var disposition = ""
        var content = ByteBuffer()
        parser.onHeader = { name, value in
            if name.lowercased() == "content-disposition" { disposition = value }
        }
        parser.onBody = { chunk in content.writeBuffer(&chunk) }
        parser.onPartComplete = {
            parts.append((disposition, content))
            disposition = ""
            content = ByteBuffer()
        }
        do { try parser.execute(body) } catch { return nil }
        guard let file = parts.first(where: { $0.disposition.contains(/(?:^|;)\s*name="file"/) }),
            file.body.readableBytes > 0
        else { return nil }
        return (fileName(file.disposition) ?? "watchlist", Data(buffer: file.body))
    }

    /// `filename="watchlist (1).csv"` of a part's `Content-Disposition`, as a browser sends it.
    static func fileName(_ disposition: String) -> String? {
        guard let match = disposition.firstMatch(of: /filename="((?:[^"\\]|\\.)*)"/) else { return nil }
        let name = String(match.output.1).replacingOccurrences(of: "\\\"", with: "\"")
        return name.isEmpty ? nil : String(name.suffix(200))
    }

    /// A body past its limit, as Hummingbird or NIO says so.
    static func isTooLarge(_ error: any Error) -> Bool {
        if let error = error as? any HTTPResponseError, error.status == .contentTooLarge { return true }
        return error is NIOTooManyBytesError
    }

    private func watchlist(_ client: ClientState) throws -> WatchlistImportViewModel {
        WatchlistImportViewModel(
            store: try app.store(client), bookmarks: try app.bookmarkStore(client), wanted: app.wanted,
            watchlists: app.watchlists, person: client.person, area: client.area(asked: nil).showsArea,
            language: client.language, now: app.now)
    }

    private func page(
        _ outputs: WatchlistImportViewModel.Outputs, client: ClientState, status: HTTPResponse.Status = .ok
    ) -> Response {
        let layout = renderer.layout(client, path: WebRoute.watchlist.path)
        return renderer.page(WatchlistView.page(outputs, layout: layout), client: client, status: status)
    }
}
