import AppPatterns
import Foundation

/// Answers Finnkino API requests from the bundled offline dataset, byte for byte in the wire
/// format the real server uses, with every date moved so that the dataset's first day is today.
///
/// Routing: `[/swe|/eng]/xml/<Endpoint>[/]` (endpoint case-insensitive; Swedish answers with the
/// Finnish files) and `/media/…` (JPEG artwork). Query items: `listType`, `area`, `eventID`, `dt`
/// (`dd.mm.yyyy`, default today), `nrOfDays` (default 1), `categoryID`, `includeVideos`,
/// `includeGallery`. Dataset day `i` is served as `today + i`; other dates get an empty schedule.
/// An unknown area, a malformed number or date answers an empty list (the real API's answer is not
/// known). Any other path is a 404 with a small HTML page, like a web server's.
public struct BundledTransport: Transport {
    public var sourceDescription: String { "bundled dataset" }

    private let dataset: BundledDataset
    private let today: @Sendable () -> LocalDate

    /// The dataset shipped in FinnkinoKit; `today` says which day the dataset's first day becomes.
    public init(today: @escaping @Sendable () -> LocalDate = HelsinkiTime.today) throws {
        try self.init(datasetDirectory: BundledDataset.bundledRoot(), today: today)
    }

    /// A dataset in another folder (one written by `finnkino-dataset --output`).
    public init(
        datasetDirectory: URL, today: @escaping @Sendable () -> LocalDate = HelsinkiTime.today
    ) throws {
        dataset = try BundledDataset(root: datasetDirectory)
        self.today = today
    }

    /// The dataset's manifest (anchor date, areas, files).
    public var manifest: BundledManifest { dataset.manifest }

    public func send(_ request: TransportRequest) async throws -> TransportResponse {
        try Task.checkCancellation()
        return response(for: request)
    }

    /// The answer to `request`, synchronously (`send` without the async hop).
    public func response(for request: TransportRequest) -> TransportResponse {
        guard let route = BundledRoute(path: request.path) else { return Self.notFound }
        do {
            switch route {
            case .media(let path):
                guard dataset.contains(path) else { return Self.notFound }
                let type = path.hasSuffix(".png") ? "image/png" : "image/jpeg"
                return TransportResponse(
                    status: 200, headers: ["content-type": type], body: Data(try dataset.bytes(path, keep: false)))
            case .xml(let language, let endpoint):
                guard let documents = dataset.documents(for: language) else { return Self.notFound }
                return Self.xml(try answer(endpoint, documents, request))
            }
        } catch {
            return TransportResponse(
                status: 500, headers: ["content-type": "text/html; charset=utf-8"],
                body: Data("<html><body><h1>500 - Internal server error.</h1><p>\(error)</p></body></html>".utf8))
        }
    }

    // MARK: Endpoints

    private func answer(
        _ endpoint: BundledRoute.Endpoint, _ documents: BundledManifest.Documents, _ request: TransportRequest
    ) throws(BundledDatasetError) -> [UInt8] {
        // Read the clock once per request, so a request running over midnight stays consistent.
        let today = self.today()
        let rebaser = DateRebaser(anchor: dataset.anchor, today: today)
        switch endpoint {
        case .theatreAreas: return try dataset.bytes(documents.theatreAreas)
        case .newsCategories: return try dataset.bytes(documents.newsCategories)
        case .languages: return try dataset.bytes(documents.languages)
        case .schedule: return try schedule(documents, request, today, rebaser)
        case .scheduleDates: return scheduleDates(request, today)
        case .events: return try events(documents, request, rebaser)
        case .news: return try news(documents, request, rebaser)
        }
    }

    /// Theatre IDs of the requested area (the default area when absent); nil when unknown.
    private func theatres(_ request: TransportRequest) -> Set<Int>? {
        let areaID: Int
        if let text = request.queryValue("area") {
            guard let value = Int(text) else { return nil }
            areaID = value
        } else {
            areaID = dataset.manifest.defaultAreaID
        }
        return dataset.manifest.areas.first { $0.id == areaID }.map { Set($0.theatreIDs) }
    }

    /// `eventID` when given: `.some(nil)` when absent, nil when malformed.
    private func eventFilter(_ request: TransportRequest) -> Int?? {
        guard let text = request.queryValue("eventID") else { return .some(nil) }
        return Int(text).map { .some($0) } ?? nil
    }

    private func schedule(
        _ documents: BundledManifest.Documents, _ request: TransportRequest, _ today: LocalDate,
        _ rebaser: DateRebaser
    ) throws(BundledDatasetError) -> [UInt8] {
        var first = today
        if let text = request.queryValue("dt") {
            guard let date = LocalDate(finnish: text) else { return Self.emptySchedule(pubDate: today) }
            first = date
        }
        let dayCount = request.queryValue("nrOfDays").flatMap { Int($0) }.map { min(max($0, 1), 31) } ?? 1
        guard let theatres = theatres(request), let eventFilter = eventFilter(request) else {
            return Self.emptySchedule(pubDate: first)
        }
        var body: [UInt8] = []
        for offset in 0..<dayCount {
            let index = first.adding(days: offset).daysSinceEpoch - today.daysSinceEpoch
            guard index >= 0, index < documents.schedule.count else { continue }
            let path = documents.schedule[index]
            let day = try dataset.scheduleDay(path)
            // The day's bytes are read only when one of its shows is asked for.
            var document: WireBytes?
            for show in day.shows where theatres.contains(show.theatreID) {
                if let eventID = eventFilter, show.eventID != eventID { continue }
                let read: WireBytes
                if let document {
                    read = document
                } else {
                    read = try dataset.scheduleDocument(path)
                    document = read
                }
                body.append(contentsOf: read.bytes[show.range])
            }
        }
        if body.isEmpty { return Self.emptySchedule(pubDate: first) }
        rebaser.rebase(&body)
        var output = Self.scheduleHead(pubDate: first)
        output.append(contentsOf: Array("  <Shows>\n".utf8))
        output.append(contentsOf: body)
        output.append(contentsOf: Array("  </Shows>\n</Schedule>".utf8))
        return output
    }

    private func scheduleDates(_ request: TransportRequest, _ today: LocalDate) -> [UInt8] {
        guard let theatres = theatres(request), let eventFilter = eventFilter(request) else {
            return Self.emptyRoot("Dates")
        }
        var lines: [String] = []
        for (index, day) in dataset.manifest.scheduleDays.enumerated() {
            let hasShows = day.eventIDsByTheatre.contains { theatre, events in
                guard let id = Int(theatre), theatres.contains(id) else { return false }
                return eventFilter.map { events.contains($0) } ?? !events.isEmpty
            }
            if hasShows { lines.append("  <dateTime>\(today.adding(days: index))T00:00:00</dateTime>\n") }
        }
        guard !lines.isEmpty else { return Self.emptyRoot("Dates") }
        return Array((Self.prolog + Self.rootOpen("Dates") + lines.joined() + "</Dates>").utf8)
    }

    private func events(
        _ documents: BundledManifest.Documents, _ request: TransportRequest, _ rebaser: DateRebaser
    ) throws(BundledDatasetError) -> [UInt8] {
        let listType = request.queryValue("listType")?.lowercased() ?? "nowintheatres"
        let primary: String
        let secondary: String
        switch listType {
        case "nowintheatres": (primary, secondary) = (documents.eventsNowInTheatres, documents.eventsComingSoon)
        case "comingsoon": (primary, secondary) = (documents.eventsComingSoon, documents.eventsNowInTheatres)
        default: return Self.emptyRoot("Events")
        }
        guard let eventFilter = eventFilter(request) else { return Self.emptyRoot("Events") }
        // The area filter applies to movies now showing: those with shows in the area in the window.
        var shownInArea: Set<Int>?
        if request.queryValue("area") != nil {
            guard let theatres = theatres(request) else { return Self.emptyRoot("Events") }
            if listType == "nowintheatres", eventFilter == nil {
                var ids: Set<Int> = []
                for day in dataset.manifest.scheduleDays {
                    for (theatre, events) in day.eventIDsByTheatre where Int(theatre).map(theatres.contains) == true {
                        ids.formUnion(events)
                    }
                }
                shownInArea = ids
            }
        }
        let includeVideos = request.queryValue("includeVideos")?.lowercased() != "false"
        let includeGallery = request.queryValue("includeGallery")?.lowercased() == "true"

        var list = try dataset.eventList(primary)
        var selected = list.events.filter { event in
            if let eventID = eventFilter { return event.id == eventID }
            return shownInArea?.contains(event.id) ?? true
        }
        if selected.isEmpty, let eventID = eventFilter {
            // An event detail asked for with the default listType may be in the other list.
            list = try dataset.eventList(secondary)
            selected = list.events.filter { $0.id == eventID }
        }
        guard !selected.isEmpty else { return Self.emptyRoot("Events") }
        var body: [UInt8] = []
        let bytes = list.document.bytes
        for event in selected {
            var cursor = event.range.lowerBound
            var cuts: [(Range<Int>, String)] = []
            if !includeVideos, let videos = event.videos { cuts.append((videos, "    <Videos />\n")) }
            if !includeGallery, let gallery = event.gallery { cuts.append((gallery, "")) }
            for (range, replacement) in cuts.sorted(by: { $0.0.lowerBound < $1.0.lowerBound }) {
                body.append(contentsOf: bytes[cursor..<range.lowerBound])
                body.append(contentsOf: Array(replacement.utf8))
                cursor = range.upperBound
            }
            body.append(contentsOf: bytes[cursor..<event.range.upperBound])
        }
        rebaser.rebase(&body)
        return Array((Self.prolog + Self.rootOpen("Events")).utf8) + body + Array("</Events>".utf8)
    }

    private func news(
        _ documents: BundledManifest.Documents, _ request: TransportRequest, _ rebaser: DateRebaser
    ) throws(BundledDatasetError) -> [UInt8] {
        let index = try dataset.news(documents.news)
        var category: Int?
        if let text = request.queryValue("categoryID") {
            guard let value = Int(text) else { return Self.emptyRoot("News") }
            category = value
        }
        var body: [UInt8] = []
        for article in index.articles where category.map(article.categoryIDs.contains) ?? true {
            body.append(contentsOf: index.document.bytes[article.range])
        }
        guard !body.isEmpty else { return Self.emptyRoot("News") }
        rebaser.rebase(&body)
        return Array((Self.prolog + Self.rootOpen("News")).utf8) + body + Array("</News>".utf8)
    }

    // MARK: Wire pieces

    private static let prolog = "<?xml version=\"1.0\"?>\n"
    private static let namespaces =
        "xmlns:xsd=\"http://www.w3.org/2001/XMLSchema\" xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\""

    private static func rootOpen(_ name: String) -> String {
        "<\(name) \(namespaces)>\n"
    }

    /// An empty list as the .NET serializer writes it: a self-closing root.
    static func emptyRoot(_ name: String) -> [UInt8] {
        Array((prolog + "<\(name) \(namespaces) />").utf8)
    }

    private static func scheduleHead(pubDate: LocalDate) -> [UInt8] {
        let midnight = HelsinkiTime.epochSeconds(day: pubDate, secondOfDay: 0)
        let offset = midnight - HelsinkiTime.utcSeconds(ofLocal: midnight)
        let stamp = pubDate.description + String(format: "T00:00:00+%02d:%02d", offset / 3_600, offset % 3_600 / 60)
        return Array((prolog + rootOpen("Schedule") + "  <PubDate>\(stamp)</PubDate>\n").utf8)
    }

    private static func emptySchedule(pubDate: LocalDate) -> [UInt8] {
        scheduleHead(pubDate: pubDate) + Array("  <Shows />\n</Schedule>".utf8)
    }

    private static func xml(_ bytes: [UInt8]) -> TransportResponse {
        TransportResponse(status: 200, headers: ["content-type": "text/xml; charset=utf-8"], body: Data(bytes))
    }

    static let notFound = TransportResponse(
        status: 404, headers: ["content-type": "text/html; charset=utf-8"],
        body: Data(
            "<!DOCTYPE html>\n<html><head><title>404 - File or directory not found.</title></head><body><h1>404 - File or directory not found.</h1></body></html>\n"
                .utf8))
}
