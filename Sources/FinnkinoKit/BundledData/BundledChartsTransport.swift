import AppPatterns
import Foundation
import NIOConcurrencyHelpers

/// Answers TMDB v3 or OMDb requests from the bundled dataset's `charts/` folder, in their JSON,
/// with every `"YYYY-MM-DD"` date moved as the Finnkino documents are (the anchor reads as today).
///
/// TMDB: `/3/configuration`, `/3/movie/now_playing|upcoming|top_rated?page=N` (a page past the
/// end is an empty page, as TMDB answers), `/3/movie/<id>` (unknown: 404 with TMDB's error body).
/// OMDb: `/?i=tt…` (unknown: `Incorrect IMDb ID.` with status 200, as OMDb answers).
public struct BundledChartsTransport: Transport {
    public enum Service: String, Sendable {
        case tmdb, omdb
    }

    public let service: Service
    private let dataset: BundledDataset
    private let today: @Sendable () -> LocalDate
    /// The movies TMDB's search finds, by dataset folder: read on the first search of a process,
    /// not by every transport made (a server makes one per language; most never search).
    private static let searchable = NIOLockedValueBox<[URL: [SearchEntry]]>([:])

    /// A movie as the search finds it: its titles as compared, and its item of a result page.
    private struct SearchEntry: Sendable {
        var titles: [String]
        /// As written (before the dates are moved).
        var release: LocalDate?
        var popularity: Double
        var item: Data
    }

    public init(_ service: Service, today: @escaping @Sendable () -> LocalDate = HelsinkiTime.today) throws {
        try self.init(service, datasetDirectory: BundledDataset.bundledRoot(), today: today)
    }

    public init(
        _ service: Service, datasetDirectory: URL, today: @escaping @Sendable () -> LocalDate = HelsinkiTime.today
    ) throws {
        self.service = service
        dataset = try BundledDataset(root: datasetDirectory)
        self.today = today
    }

    public var sourceDescription: String { "bundled dataset (\(service.rawValue))" }

    public func send(_ request: TransportRequest) async throws -> TransportResponse {
        try Task.checkCancellation()
        return response(for: request)
    }

    public func response(for request: TransportRequest) -> TransportResponse {
        switch service {
        case .tmdb: tmdb(request)
        case .omdb: omdb(request)
        }
    }

    private func tmdb(_ request: TransportRequest) -> TransportResponse {
        let parts = request.path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        switch parts.count {
        case 2 where parts == ["3", "configuration"]:
            return file("charts/configuration.json") ?? Self.tmdbNotFound
        case 3 where parts == ["3", "search", "movie"]:
            return search(request)
        case 3 where parts[0] == "3" && parts[1] == "movie":
            if ["now_playing", "upcoming", "top_rated"].contains(parts[2]) {
                guard let page = Int(request.queryValue("page") ?? "1"), (1...500).contains(page) else {
                    return Self.json(422, #"{"errors":["page must be less than or equal to 500"],"success":false}"#)
                }
                return file("charts/\(parts[2])/\(page).json") ?? emptyPage(parts[2], page)
            }
            guard let id = Int(parts[2]), id > 0 else { return Self.tmdbNotFound }
            return file("charts/movie/\(id).json") ?? Self.tmdbNotFound
        default:
            return Self.tmdbNotFound
        }
    }

    /// One page of the movies whose titles hold the query's words (in the order written), in the
    /// year asked for by their moved release date.
    private func search(_ request: TransportRequest) -> TransportResponse {
        let query = ChartMatch.key(request.queryValue("query") ?? "")
        guard !query.isEmpty else {
            return Self.json(200, #"{"page":1,"results":[],"total_pages":1,"total_results":0}"#)
        }
        let shift = today().daysSinceEpoch - dataset.anchor.daysSinceEpoch
        let year = request.queryValue("year").flatMap { Int($0) }
        let entries = Self.searchable.withLockedValue { kept in
            if let entries = kept[dataset.root] { return entries }
            let entries = Self.searchEntries(dataset)
            kept[dataset.root] = entries
            return entries
        }
        let found = entries.filter { entry in
            guard entry.titles.contains(where: { " \($0) ".contains(" \(query) ") }) else { return false }
            guard let year else { return true }
            return entry.release?.adding(days: shift).year == year
        }
        .sorted { $0.popularity > $1.popularity }
        .prefix(20)
        var bytes = Array(#"{"page":1,"results":["#.utf8)
        for (index, entry) in found.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            bytes.append(contentsOf: entry.item)
        }
        bytes.append(contentsOf: Array(#"],"total_pages":1,"total_results":\#(found.count)}"#.utf8))
        Self.rebaseDates(&bytes, days: shift)
        return TransportResponse(status: 200, headers: ["content-type": "application/json"], body: Data(bytes))
    }

    /// Every movie of `charts/movie/`, as a result page lists it.
    private static func searchEntries(_ dataset: BundledDataset) -> [SearchEntry] {
        dataset.files(under: "charts/movie/").compactMap { path in
            guard let bytes = try? dataset.bytes(path),
                let details = try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any]
            else { return nil }
            var item: [String: Any] = [:]
            for key in [
                "adult", "backdrop_path", "id", "original_language", "original_title", "overview", "popularity",
                "poster_path", "release_date", "title", "video", "vote_average", "vote_count",
            ] {
                item[key] = details[key] ?? NSNull()
            }
            item["genre_ids"] = (details["genres"] as? [[String: Any]] ?? []).compactMap { $0["id"] }
            guard let data = try? JSONSerialization.data(withJSONObject: item, options: [.sortedKeys]) else {
                return nil
            }
            return SearchEntry(
                titles: [details["title"], details["original_title"]].compactMap {
                    ($0 as? String).map(ChartMatch.key)
                },
                release: (details["release_date"] as? String).flatMap(LocalDate.init(iso:)),
                popularity: details["popularity"] as? Double ?? 0, item: data)
        }
    }

    private func omdb(_ request: TransportRequest) -> TransportResponse {
        guard let id = request.queryValue("i"), id.hasPrefix("tt"), id.dropFirst(2).allSatisfy(\.isNumber),
            let answer = file("charts/omdb/\(id).json")
        else { return Self.json(200, #"{"Response":"False","Error":"Incorrect IMDb ID."}"#) }
        return answer
    }

    /// A page past the last: the list's totals with no results.
    private func emptyPage(_ list: String, _ page: Int) -> TransportResponse {
        guard let first = file("charts/\(list)/1.json"),
            var object = try? JSONSerialization.jsonObject(with: first.body) as? [String: Any]
        else { return Self.tmdbNotFound }
        object["page"] = page
        object["results"] = [Any]()
        guard let body = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]) else {
            return Self.tmdbNotFound
        }
        return TransportResponse(status: 200, headers: ["content-type": "application/json"], body: body)
    }

    private func file(_ path: String) -> TransportResponse? {
        guard dataset.contains(path), var bytes = try? dataset.bytes(path) else { return nil }
        Self.rebaseDates(&bytes, days: today().daysSinceEpoch - dataset.anchor.daysSinceEpoch)
        return TransportResponse(status: 200, headers: ["content-type": "application/json"], body: Data(bytes))
    }

    /// Moves every quoted `"YYYY-MM-DD"` by `days`, in place (the length stays).
    static func rebaseDates(_ bytes: inout [UInt8], days: Int) {
        guard days != 0, bytes.count >= 12 else { return }
        let quote = UInt8(ascii: "\"")
        let dash = UInt8(ascii: "-")
        var index = 0
        while index + 11 < bytes.count {
            guard bytes[index] == quote, bytes[index + 11] == quote, bytes[index + 5] == dash, bytes[index + 8] == dash,
                let date = LocalDate(iso: String(decoding: bytes[(index + 1)...(index + 10)], as: UTF8.self))
            else {
                index += 1
                continue
            }
            let moved = Array(date.adding(days: days).description.utf8)
            if moved.count == 10 { bytes.replaceSubrange((index + 1)...(index + 10), with: moved) }
            index += 12
        }
    }

    private static let tmdbNotFound = json(
        404, #"{"success":false,"status_code":34,"status_message":"The resource you requested could not be found."}"#)

    private static func json(_ status: Int, _ text: String) -> TransportResponse {
        TransportResponse(status: status, headers: ["content-type": "application/json"], body: Data(text.utf8))
    }
}
