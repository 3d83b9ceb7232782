import FinnkinoKit
import Foundation
import HTTPTypes

/// Every address of the Finnkino web app, as a value: what each controller registers its
/// handler at (``Pattern``), what every view prints as a link (``path``), and what an address a
/// page sends back (a form's `back`, a live page's `page`) is read as (``init(path:)``). A link
/// can only name a route that exists, and the router and the links cannot drift apart.
///
/// A screen's query is a value of its own type (``ScreenQuery``: `MoviesQuery`, …), printed by
/// ``path(_:)`` and read by the type; ``ScreenRequest`` reads a page's address into a screen.
enum WebRoute: Hashable, Sendable {
    case root
    case healthz
    /// The server's metrics, in Prometheus' text format (for the operator: see ``MetricsAccess``).
    case metrics
    case staticFile(name: String)
    /// The web app manifest (its language in the query).
    case manifest
    /// A home-screen icon (``AppIcon``).
    case appIcon(name: String)
    /// The service worker's script (``ServiceWorkerScript``), at the root so that its scope is the app.
    case serviceWorker
    /// What the service worker shows for a page it has not kept, with no connection.
    case offline
    case image(variant: String, key: String)
    case movies
    case moviesResults
    case movie(id: Int)
    case showtimes
    /// A show, addressed by the area and day it is listed in (the API finds shows only so).
    case show(area: Int, date: LocalDate, id: Int)
    /// The show as an iCalendar file.
    case showCalendar(area: Int, date: LocalDate, id: Int)
    case news
    case article(id: String)
    case bookmarks
    case removeBookmarks
    case toggleBookmark
    case setLanguage
    case setLocation
    /// The person's own theatres.
    case setTheatres
    /// `POST`: a movie hidden from the person's lists (`interested=no`) or brought back (`yes`).
    case setInterest
    /// "Tell me when it's on", or no longer.
    case setWanted
    /// A person's private calendar of their wanted movies' shows; its address is its key.
    case wantedCalendar(token: String)
    /// A person's private Atom feed of what they were told about their wanted movies.
    case wantedAtom(token: String)
    /// New addresses for the person's private feeds (the old ones stop working).
    case renewFeeds
    /// The person's weekly digest: on (when, how) or off.
    case setDigest
    /// This browser takes the person's announcements as pushes (its Push API subscription).
    case subscribePush
    /// This browser no longer does.
    case unsubscribePush
    /// The movies the person hid, each to be brought back.
    case hiddenMovies
    /// `POST`: every hidden movie back in the person's lists.
    case bringAllBack
    case action
    case live
    case international
    case internationalRows
    case internationalMovie(id: Int)
    case trailer(movie: Int)
    case trailerClip(movie: Int)
    case openEditor
    case upload
    case editor(session: String)
    case editorSource(session: String)
    case edit(session: String)
    case startExport(session: String)
    case cancelExport(session: String)
    case exportJob(id: Int64)
    case library
    case video(id: Int64)
    case thumbnail(id: Int64)
    case deleteVideo(id: Int64)
    case devices
    case newJoinCode
    case join
    case signOut(device: Int64)
    case myData
    case deleteMe
    case newAPIToken
    case revokeAPIToken(id: Int64)
    case watchlist
    case importWatchlist
    case undoWatchlistImport
    case newTogether
    case together(code: String)
    case togetherList(code: String)
    case joinTogether(code: String)
    case leaveTogether(code: String)
    case setTogether(code: String)
    case apiDocument
    case api(operation: String)

    /// A route without its values: the method and the path template a handler is registered at.
    enum Pattern: String, CaseIterable, Sendable {
        case root, healthz, metrics, staticFile, manifest, appIcon, serviceWorker, offline, image, movies,
            moviesResults, movie,
            showtimes, show,
            showCalendar, news
        case article
        case bookmarks, removeBookmarks, toggleBookmark, setLanguage, setLocation, setTheatres, action, live
        case setInterest, setWanted, hiddenMovies, bringAllBack, wantedCalendar, wantedAtom, renewFeeds, setDigest,
            subscribePush, unsubscribePush
        case international, internationalRows, internationalMovie, trailer, trailerClip
        case openEditor, upload, editor, editorSource, edit, startExport, cancelExport, exportJob
        case library, video, thumbnail, deleteVideo, devices, newJoinCode, join, signOut, myData, deleteMe
        case newAPIToken, revokeAPIToken, apiDocument, api
        case watchlist, importWatchlist, undoWatchlistImport
        case newTogether, together, togetherList, joinTogether, leaveTogether, setTogether

        /// The path template, Hummingbird's: `:name` captures one component, `**` the rest.
        var template: String {
            switch self {
            case .root: "/"
            case .healthz: "/healthz"
            case .metrics: "/metrics"
            case .staticFile: "/static/:name"
            case .manifest: "/manifest.webmanifest"
            case .appIcon: "/app-icon/:name"
            case .serviceWorker: "/service-worker.js"
            case .offline: "/offline"
            case .image: "/image/:variant/**"
            case .movies: "/movies"
            case .moviesResults: "/movies/results"
            case .movie: "/movie/:id"
            case .showtimes: "/showtimes"
            case .show: "/show/:area/:date/:id"
            case .showCalendar: "/show/:area/:date/:id/calendar.ics"
            case .news: "/news"
            case .article: "/news/:id"
            case .bookmarks: "/bookmarks"
            case .removeBookmarks: "/bookmarks/remove"
            case .toggleBookmark: "/bookmarks/toggle"
            case .setLanguage: "/settings/language"
            case .setLocation: "/settings/location"
            case .setTheatres: "/settings/theatres"
            case .setInterest: "/movies/interest"
            case .setWanted: "/movies/wanted"
            case .wantedCalendar: "/feeds/:token/calendar.ics"
            case .wantedAtom: "/feeds/:token/atom.xml"
            case .renewFeeds: "/feeds/renew"
            case .setDigest: "/feeds/digest"
            case .subscribePush: "/push/subscribe"
            case .unsubscribePush: "/push/unsubscribe"
            case .hiddenMovies: "/movies/hidden"
            case .bringAllBack: "/movies/hidden/bring-back"
            case .action: "/action"
            case .live: "/live"
            case .international: "/international"
            case .internationalRows: "/international/rows"
            case .internationalMovie: "/international/movie/:id"
            case .trailer: "/trailer/:movie"
            case .trailerClip: "/trailer/:movie/clip.mp4"
            case .openEditor: "/editor"
            case .upload: "/editor/upload"
            case .editor: "/editor/:session"
            case .editorSource: "/editor/:session/source.mp4"
            case .edit: "/editor/:session/edit"
            case .startExport: "/editor/:session/export"
            case .exportJob: "/exports/:job"
            case .cancelExport: "/editor/:session/cancel"
            case .library: "/library"
            case .video: "/library/:video/video.mp4"
            case .thumbnail: "/library/:video/thumbnail.jpg"
            case .deleteVideo: "/library/:video/delete"
            case .devices: "/devices"
            case .newJoinCode: "/devices/code"
            case .join: "/devices/join"
            case .signOut: "/devices/:device/signout"
            case .myData: "/me/data"
            case .deleteMe: "/me/delete"
            case .newAPIToken: "/devices/tokens"
            case .revokeAPIToken: "/devices/tokens/:token/revoke"
            case .watchlist: "/bookmarks/watchlist"
            case .importWatchlist: "/bookmarks/watchlist/import"
            case .undoWatchlistImport: "/bookmarks/watchlist/undo"
            case .newTogether: "/together"
            case .together: "/together/:code"
            case .togetherList: "/together/:code/list"
            case .joinTogether: "/together/:code/join"
            case .leaveTogether: "/together/:code/leave"
            case .setTogether: "/together/:code/constraints"
            case .apiDocument: "/api/openapi.json"
            // The JSON API's operations: registered from its document (APIController), one
            // pattern here so that every part of the server knows the API's addresses as its own.
            case .api: "/api/v1/**"
            }
        }

        /// Every pattern names its method: a new change cannot become a page (and skip the CSRF
        /// check of ``RouteGroups``) by being left out of a list.
        var method: HTTPRequest.Method {
            switch self {
            case .removeBookmarks, .toggleBookmark, .setLanguage, .setLocation, .setTheatres, .setInterest, .setWanted,
                .bringAllBack, .renewFeeds, .setDigest, .subscribePush, .unsubscribePush, .action,
                .openEditor,
                .edit,
                .startExport, .cancelExport, .deleteVideo, .newJoinCode, .join, .signOut, .deleteMe, .newAPIToken,
                .revokeAPIToken, .importWatchlist, .undoWatchlistImport, .newTogether, .joinTogether, .leaveTogether,
                .setTogether:
                .post
            case .upload: .put
            case .root, .healthz, .metrics, .staticFile, .manifest, .appIcon, .serviceWorker, .offline, .image,
                .movies, .moviesResults, .hiddenMovies, .wantedCalendar, .wantedAtom,
                .movie, .showtimes,
                .show,
                .showCalendar, .news, .article,
                .bookmarks, .live, .international, .internationalRows, .internationalMovie, .trailer, .trailerClip,
                .editor, .editorSource, .exportJob, .library, .video, .thumbnail, .devices, .myData, .apiDocument, .api,
                .watchlist, .together, .togetherList:
                .get
            }
        }

        /// The template's components (after the leading `/`), split once.
        fileprivate static let components: [(pattern: Pattern, parts: [Substring])] = allCases.map {
            ($0, Array($0.template.split(separator: "/", omittingEmptySubsequences: false).dropFirst()))
        }

        /// ``components`` by the first component of the paths they can match: those that begin
        /// with it and those that begin with a capture, in their order; `others` for a first
        /// component no template begins with. A request's path (every request's, for its log
        /// line) is then compared with a few templates, not with all of them.
        fileprivate static let byFirstComponent:
            (
                named: [Substring: [(pattern: Pattern, parts: [Substring])]],
                others: [(pattern: Pattern, parts: [Substring])]
            ) = {
                func opens(_ parts: [Substring]) -> Bool { parts.first.map { $0.hasPrefix(":") || $0 == "**" } ?? true }
                let others = components.filter { opens($0.parts) }
                var named: [Substring: [(pattern: Pattern, parts: [Substring])]] = [:]
                for first in Set(components.filter { !opens($0.parts) }.compactMap(\.parts.first)) {
                    named[first] = components.filter { $0.parts.first == first || opens($0.parts) }
                }
                return (named, others)
            }()

        /// Whether a request for it is a person's (not a file, an image, the manifest or the health
        /// check).
        /// Whether its change sends a file as a form does (`multipart/form-data`): its CSRF token is
        /// then in the address (`?csrf=`), checked before the body, which the route reads itself, to
        /// a limit of its own.
        var takesFile: Bool { self == .importWatchlist }

        var belongsToSomeone: Bool {
            // The feeds are fetched by calendar apps and feed readers, without cookies: their
            // address says whose they are (``FeedToken``).
            ![
                .healthz, .metrics, .staticFile, .manifest, .appIcon, .serviceWorker, .image, .wantedCalendar,
                .wantedAtom, .apiDocument, .api,
            ]
            .contains(self)
        }
    }

    var pattern: Pattern {
        switch self {
        case .root: .root
        case .healthz: .healthz
        case .metrics: .metrics
        case .staticFile: .staticFile
        case .manifest: .manifest
        case .appIcon: .appIcon
        case .serviceWorker: .serviceWorker
        case .offline: .offline
        case .image: .image
        case .movies: .movies
        case .moviesResults: .moviesResults
        case .movie: .movie
        case .showtimes: .showtimes
        case .show: .show
        case .showCalendar: .showCalendar
        case .news: .news
        case .article: .article
        case .bookmarks: .bookmarks
        case .removeBookmarks: .removeBookmarks
        case .toggleBookmark: .toggleBookmark
        case .setLanguage: .setLanguage
        case .setLocation: .setLocation
        case .setTheatres: .setTheatres
        case .setInterest: .setInterest
        case .setWanted: .setWanted
        case .wantedCalendar: .wantedCalendar
        case .wantedAtom: .wantedAtom
        case .renewFeeds: .renewFeeds
        case .setDigest: .setDigest
        case .subscribePush: .subscribePush
        case .unsubscribePush: .unsubscribePush
        case .hiddenMovies: .hiddenMovies
        case .bringAllBack: .bringAllBack
        case .action: .action
        case .live: .live
        case .international: .international
        case .internationalRows: .internationalRows
        case .internationalMovie: .internationalMovie
        case .trailer: .trailer
        case .trailerClip: .trailerClip
        case .openEditor: .openEditor
        case .upload: .upload
        case .editor: .editor
        case .editorSource: .editorSource
        case .edit: .edit
        case .startExport: .startExport
        case .cancelExport: .cancelExport
        case .exportJob: .exportJob
        case .library: .library
        case .video: .video
        case .thumbnail: .thumbnail
        case .deleteVideo: .deleteVideo
        case .devices: .devices
        case .newJoinCode: .newJoinCode
        case .join: .join
        case .signOut: .signOut
        case .myData: .myData
        case .deleteMe: .deleteMe
        case .newAPIToken: .newAPIToken
        case .revokeAPIToken: .revokeAPIToken
        case .apiDocument: .apiDocument
        case .api: .api
        case .watchlist: .watchlist
        case .importWatchlist: .importWatchlist
        case .undoWatchlistImport: .undoWatchlistImport
        case .newTogether: .newTogether
        case .together: .together
        case .togetherList: .togetherList
        case .joinTogether: .joinTogether
        case .leaveTogether: .leaveTogether
        case .setTogether: .setTogether
        }
    }

    /// The route's address: its pattern's template with its values, each percent-encoded (an
    /// image's key is a path of plain characters already: see ``ImageLink``).
    var path: String {
        switch self {
        case .staticFile(let name): "/static/" + Self.encoded(name)
        case .appIcon(let name): "/app-icon/" + Self.encoded(name)
        case .image(let variant, let key): "/image/" + Self.encoded(variant) + "/" + key
        case .movie(let id): "/movie/\(id)"
        case .show(let area, let date, let id): "/show/\(area)/\(date)/\(id)"
        case .showCalendar(let area, let date, let id): "/show/\(area)/\(date)/\(id)/calendar.ics"
        case .article(let id): "/news/" + Self.encoded(id)
        case .internationalMovie(let id): "/international/movie/\(id)"
        case .trailer(let movie): "/trailer/\(movie)"
        case .trailerClip(let movie): "/trailer/\(movie)/clip.mp4"
        case .editor(let session): "/editor/" + Self.encoded(session)
        case .editorSource(let session): "/editor/" + Self.encoded(session) + "/source.mp4"
        case .edit(let session): "/editor/" + Self.encoded(session) + "/edit"
        case .startExport(let session): "/editor/" + Self.encoded(session) + "/export"
        case .exportJob(let id): "/exports/\(id)"
        case .cancelExport(let session): "/editor/" + Self.encoded(session) + "/cancel"
        case .video(let id): "/library/\(id)/video.mp4"
        case .thumbnail(let id): "/library/\(id)/thumbnail.jpg"
        case .deleteVideo(let id): "/library/\(id)/delete"
        case .signOut(let device): "/devices/\(device)/signout"
        case .wantedCalendar(let token): "/feeds/" + Self.encoded(token) + "/calendar.ics"
        case .wantedAtom(let token): "/feeds/" + Self.encoded(token) + "/atom.xml"
        case .revokeAPIToken(let id): "/devices/tokens/\(id)/revoke"
        case .api(let operation): "/api/v1/" + operation
        case .together(let code): "/together/" + Self.encoded(code)
        case .togetherList(let code): "/together/" + Self.encoded(code) + "/list"
        case .joinTogether(let code): "/together/" + Self.encoded(code) + "/join"
        case .leaveTogether(let code): "/together/" + Self.encoded(code) + "/leave"
        case .setTogether(let code): "/together/" + Self.encoded(code) + "/constraints"
        default: pattern.template
        }
    }

    /// The route at `path` (no query) for `method`; nil for an address that is none of them.
    init?(path: String, method: HTTPRequest.Method = .get) {
        let components = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        guard path.hasPrefix("/") else { return nil }
        let candidates =
            components.first.flatMap { Pattern.byFirstComponent.named[$0] } ?? Pattern.byFirstComponent.others
        for (pattern, parts) in candidates where pattern.method == method {
            if let captures = Self.match(components, parts), let route = Self(pattern, captures) {
                self = route
                return
            }
        }
        return nil
    }

    /// The values `components` give each capture of a template's `parts`; nil when they do not
    /// fit it.
    private static func match(_ components: ArraySlice<Substring>, _ parts: [Substring]) -> [String]? {
        var captures: [String] = []
        var index = components.startIndex
        for part in parts {
            if part == "**" {
                guard index < components.endIndex else { return nil }
                captures.append(components[index...].joined(separator: "/"))
                return captures
            }
            guard index < components.endIndex else { return nil }
            let component = components[index]
            if part.hasPrefix(":") {
                guard !component.isEmpty, let decoded = component.removingPercentEncoding else { return nil }
                captures.append(decoded)
            } else if part != component {
                return nil
            }
            index += 1
        }
        return index == components.endIndex ? captures : nil
    }

    /// The route of `pattern` with `captures`, its values in the template's order; nil when a
    /// value is not of the route's kind (`/movie/abc`).
    private init?(_ pattern: Pattern, _ captures: [String]) {
        func int(_ index: Int) -> Int? { Int(captures[index]).flatMap { $0 > 0 ? $0 : nil } }
        func int64(_ index: Int) -> Int64? { Int64(captures[index]).flatMap { $0 > 0 ? $0 : nil } }
        switch pattern {
        case .root: self = .root
        case .healthz: self = .healthz
        case .metrics: self = .metrics
        case .staticFile: self = .staticFile(name: captures[0])
        case .manifest: self = .manifest
        case .appIcon: self = .appIcon(name: captures[0])
        case .serviceWorker: self = .serviceWorker
        case .offline: self = .offline
        case .image: self = .image(variant: captures[0], key: captures[1])
        case .movies: self = .movies
        case .moviesResults: self = .moviesResults
        case .movie:
            guard let id = int(0) else { return nil }
            self = .movie(id: id)
        case .showtimes: self = .showtimes
        case .show, .showCalendar:
            // Only the address the app prints: an area as the Showtimes page takes one, the date as
            // `2026-11-27`, numbers without signs or leading zeros.
            guard let area = int(0), area < 1_000_000, String(area) == captures[0],
                let date = LocalDate(iso: captures[1]),
                date.description == captures[1], let id = int(2), String(id) == captures[2]
            else { return nil }
            self =
                pattern == .show ? .show(area: area, date: date, id: id) : .showCalendar(area: area, date: date, id: id)
        case .news: self = .news
        case .article: self = .article(id: captures[0])
        case .bookmarks: self = .bookmarks
        case .removeBookmarks: self = .removeBookmarks
        case .toggleBookmark: self = .toggleBookmark
        case .setLanguage: self = .setLanguage
        case .setLocation: self = .setLocation
        case .setTheatres: self = .setTheatres
        case .setInterest: self = .setInterest
        case .setWanted: self = .setWanted
        case .wantedCalendar: self = .wantedCalendar(token: captures[0])
        case .wantedAtom: self = .wantedAtom(token: captures[0])
        case .renewFeeds: self = .renewFeeds
        case .setDigest: self = .setDigest
        case .subscribePush: self = .subscribePush
        case .unsubscribePush: self = .unsubscribePush
        case .hiddenMovies: self = .hiddenMovies
        case .bringAllBack: self = .bringAllBack
        case .action: self = .action
        case .live: self = .live
        case .international: self = .international
        case .internationalRows: self = .internationalRows
        case .internationalMovie:
            guard let id = int(0) else { return nil }
            self = .internationalMovie(id: id)
        case .trailer:
            guard let movie = int(0) else { return nil }
            self = .trailer(movie: movie)
        case .trailerClip:
            guard let movie = int(0) else { return nil }
            self = .trailerClip(movie: movie)
        case .openEditor: self = .openEditor
        case .upload: self = .upload
        case .editor: self = .editor(session: captures[0])
        case .editorSource: self = .editorSource(session: captures[0])
        case .edit: self = .edit(session: captures[0])
        case .startExport: self = .startExport(session: captures[0])
        case .cancelExport: self = .cancelExport(session: captures[0])
        case .exportJob:
            guard let id = int64(0) else { return nil }
            self = .exportJob(id: id)
        case .library: self = .library
        case .video:
            guard let id = int64(0) else { return nil }
            self = .video(id: id)
        case .thumbnail:
            guard let id = int64(0) else { return nil }
            self = .thumbnail(id: id)
        case .deleteVideo:
            guard let id = int64(0) else { return nil }
            self = .deleteVideo(id: id)
        case .devices: self = .devices
        case .newJoinCode: self = .newJoinCode
        case .join: self = .join
        case .signOut:
            guard let device = int64(0) else { return nil }
            self = .signOut(device: device)
        case .myData: self = .myData
        case .deleteMe: self = .deleteMe
        case .newAPIToken: self = .newAPIToken
        case .revokeAPIToken:
            guard let id = int64(0) else { return nil }
            self = .revokeAPIToken(id: id)
        case .apiDocument: self = .apiDocument
        case .watchlist: self = .watchlist
        case .importWatchlist: self = .importWatchlist
        case .undoWatchlistImport: self = .undoWatchlistImport
        case .newTogether: self = .newTogether
        case .together: self = .together(code: captures[0])
        case .togetherList: self = .togetherList(code: captures[0])
        case .joinTogether: self = .joinTogether(code: captures[0])
        case .leaveTogether: self = .leaveTogether(code: captures[0])
        case .setTogether: self = .setTogether(code: captures[0])
        case .api: self = .api(operation: captures[0])
        }
    }

    /// `text` as one path component.
    private static func encoded(_ text: String) -> String { text.addingPercentEncodingForPath() }
}
