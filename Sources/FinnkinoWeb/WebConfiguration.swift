import AppPatterns
import FinnkinoKit
import FinnkinoPresentation
import FinnkinoStores
import Foundation
import ImagePipeline
import Logging
import WebPush
import WebSupport

/// What the web app needs: where to listen, where data comes from, and the clock.
public struct WebConfiguration: Sendable {
    /// The address to bind; loopback unless told otherwise.
    public var host: String
    /// The port; 0 picks a free one (see ``onServerRunning``).
    public var port: Int
    /// The interface language when neither a cookie nor the browser says one.
    public var defaultLanguage: UILanguage
    /// Makes the FeedStore of a content language (called once per language, on first use).
    public var makeStore: @Sendable (ContentLanguage) throws -> FeedStore
    /// The time source of the pages ("today", stale ages).
    public var now: @Sendable () -> Date
    /// Called with the bound port when the server accepts connections.
    public var onServerRunning: @Sendable (Int) async -> Void
    /// Where the app's place (the memento of where the user is) is kept; in memory unless given.
    public var stateStorage: any SnapshotStorage
    /// How often a data source that does not answer is asked again.
    public var probeInterval: Duration
    /// Every person's bookmarks and their undo histories.
    public var bookmarks: BookmarkStores
    /// The persons and their sessions (used when ``hosted``).
    public var persons: PersonStore
    /// Whether the server is for many people: every browser is then its own person (see
    /// ``PersonMiddleware``); otherwise every request is the local person's, as the CLI's.
    /// `finnkino serve` is hosted when it listens on anything but loopback, or with `--hosted`.
    public var hosted: Bool
    /// Whether the session cookie is marked `Secure`: the server is reached over https (its
    /// `--public-url` says so).
    public var secureCookies: Bool
    /// The most changes (POST, PUT, DELETE) one person may send a minute (``PostRateMiddleware``).
    public var postsPerMinute: Int
    /// Where the user is (for areas by distance): from `--near`, or reported by the browser.
    public var location: LocationService
    /// Posters, thumbnails and news images: fetched, cached, decorated.
    public var images: ImagePipeline
    /// Where the trailer editor's exports go.
    public var library: VideoLibrary
    /// Where videos people send to edit are kept while they are edited (see
    /// ``EditorSessions/removeStaleUploads(in:now:)``).
    public var uploads: URL
    /// The exports queued and running, this instance's and (over PostgreSQL) every other's.
    public var exportJobs: ExportJobs
    /// Every person's wanted movies ("Tell me when it's on").
    public var wanted: any WantedMovies
    /// How often the wanted movies are checked against the schedules: the schedule's cache period,
    /// so each check finds the schedules refreshed.
    public var wantedCheckInterval: Duration
    /// How often the weekly digests due are looked for: a digest comes within this long of the
    /// hour its person chose (``WeeklyDigestService``).
    public var weeklyDigestInterval: Duration
    /// Where each person's browsers take pushes (their announcements).
    public var pushSubscriptions: any PushSubscriptions
    /// Every person's watchlist imports and the films kept from them.
    public var watchlists: any Watchlists
    /// Every "watch together" group and its members.
    public var together: any TogetherGroups
    /// Every person's personal API tokens (made on the Devices page, read by the JSON API).
    public var apiTokens: any APITokens
    /// The most JSON API requests one client (an address) may send a minute (``APIMiddleware``).
    public var apiRequestsPerMinute: Int
    /// The server's VAPID key: made once and kept (the data folder's `vapid-key`, or the shared
    /// database's secret): browsers subscribe with its public key, and a new key would end every
    /// subscription.
    public var vapidKey: VAPIDKey
    /// Origins of push services the server may send to besides the browsers' own
    /// (`serve --push-service`; see ``PushServices``).
    public var pushServiceOrigins: Set<String>
    /// How push services reach the operator (VAPID's `sub`): the public URL, or a `mailto:`.
    public var pushContact: String
    /// How long an instance's export job stays its own without a renewal: after an instance dies,
    /// another takes its exports up this long after its last renewal.
    public var exportLease: TimeInterval
    /// This instance's name among several (`serve --instance-name`): it begins the ID of each
    /// editing session it holds, so a proxy can send the session's requests here.
    public var instanceName: String
    public var logger: Logger
    /// Host names the server answers to besides IP addresses and `localhost` (see
    /// ``RequestOriginMiddleware``): the public URL's, and any the operator adds.
    public var allowedHosts: Set<String>
    /// The secret behind the CSRF tokens; kept in the data folder by `finnkino serve`.
    public var csrfSecret: CSRFSecret
    /// How long a connection may send nothing, or only part of a request head, before it is closed.
    public var idleTimeout: Duration
    /// The reverse proxies whose `X-Forwarded-For` names the client (`--trusted-proxy`): limits
    /// per client count by that address instead of the proxy's (see ``ClientAddress``).
    public var trustedProxies: TrustedProxies
    /// The most bytes of files people sent to edit that the server keeps at once, everyone's
    /// together (``EditorSessions/maxUploadBytesTotal``).
    public var maxUploadBytesTotal: Int
    /// The token that opens `/metrics` to anyone sending it (`--metrics-token`); nil: none.
    public var metricsToken: String?
    /// Addresses that may read `/metrics` besides this machine (`--metrics-allow`).
    public var metricsAllowed: [String]

    /// Whether a server is for many people: asked to be (`--hosted`), listening on anything but
    /// loopback, or reached through a name (`--public-url`, `--allowed-host`: a reverse proxy's
    /// visitors come from anywhere even though the server listens on 127.0.0.1).
    public static func isHosted(host: String, allowedHosts: Set<String>, hostedFlag: Bool) -> Bool {
        hostedFlag || !LocalServer.isLoopback(host) || !allowedHosts.isEmpty
    }

    public init(
        host: String = "127.0.0.1", port: Int = 8080, defaultLanguage: UILanguage = .fi,
        makeStore: @escaping @Sendable (ContentLanguage) throws -> FeedStore,
        bookmarks: BookmarkStores,
        library: VideoLibrary,
        persons: PersonStore,
        hosted: Bool = false,
        secureCookies: Bool = false,
        postsPerMinute: Int = 120,  // PostRateMiddleware.limit
        uploads: URL,
        exportJobs: ExportJobs = SQLiteExportJobs(),
        wanted: any WantedMovies = SQLiteWantedMovies(),
        wantedCheckInterval: Duration = .seconds(15 * 60),
        weeklyDigestInterval: Duration = .seconds(60),
        pushSubscriptions: any PushSubscriptions = SQLitePushSubscriptions(),
        apiTokens: any APITokens = SQLiteAPITokens(),
        watchlists: any Watchlists = SQLiteWatchlists(),
        together: any TogetherGroups = SQLiteTogetherGroups(),
        apiRequestsPerMinute: Int = 120,
        vapidKey: VAPIDKey = VAPIDKey(),
        pushServiceOrigins: Set<String> = [],
        pushContact: String = "mailto:webmaster@localhost",
        exportLease: TimeInterval = 30,
        instanceName: String = "",
        now: @escaping @Sendable () -> Date = Date.init,
        onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in },
        stateStorage: any SnapshotStorage = InMemorySnapshotStorage(),
        location: LocationService = LocationService(),
        images: ImagePipeline = ImagePipeline(),
        probeInterval: Duration = .seconds(10),
        allowedHosts: Set<String> = [],
        csrfSecret: CSRFSecret = .random(),
        idleTimeout: Duration = LocalServer.idleTimeout,
        trustedProxies: TrustedProxies = TrustedProxies(),
        maxUploadBytesTotal: Int = 8 << 30,
        metricsToken: String? = nil,
        metricsAllowed: [String] = [],
        logger: Logger = Logger(label: "finnkino.web")
    ) {
        self.maxUploadBytesTotal = maxUploadBytesTotal
        self.metricsToken = metricsToken
        self.metricsAllowed = metricsAllowed
        self.idleTimeout = idleTimeout
        self.trustedProxies = trustedProxies
        self.allowedHosts = allowedHosts
        self.csrfSecret = csrfSecret
        self.stateStorage = stateStorage
        self.bookmarks = bookmarks
        self.persons = persons
        self.hosted = hosted
        self.secureCookies = secureCookies
        self.postsPerMinute = postsPerMinute
        self.library = library
        self.uploads = uploads
        self.exportJobs = exportJobs
        self.wanted = wanted
        self.wantedCheckInterval = wantedCheckInterval
        self.weeklyDigestInterval = weeklyDigestInterval
        self.pushSubscriptions = pushSubscriptions
        self.apiTokens = apiTokens
        self.watchlists = watchlists
        self.together = together
        self.apiRequestsPerMinute = apiRequestsPerMinute
        self.vapidKey = vapidKey
        self.pushServiceOrigins = pushServiceOrigins
        self.pushContact = pushContact
        self.exportLease = exportLease
        self.instanceName = instanceName
        self.location = location
        self.images = images
        self.probeInterval = probeInterval
        self.host = host
        self.port = port
        self.defaultLanguage = defaultLanguage
        self.makeStore = makeStore
        self.now = now
        self.onServerRunning = onServerRunning
        self.logger = logger
    }
}
