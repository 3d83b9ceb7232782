import AppPatterns
import ArgumentParser
import FinnkinoKit
import FinnkinoStores
import FinnkinoWeb
import Foundation
import Hummingbird
import ImagePipeline
import Logging
import NIOConcurrencyHelpers
import Storage
import WebPush
import WebSupport

#if canImport(CMalloc)
    import CMalloc
#endif

/// `finnkino serve` (the default): the web app on 127.0.0.1:8080 until Ctrl-C.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve", abstract: "Run the web app (the default command).")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var near: NearOption
    @OptionGroup var database: DatabaseOption

    @Option(help: "The address to listen on; only this computer can connect unless you change it.")
    var host = "127.0.0.1"

    @Option(help: "The port to listen on (0: any free port).")
    var port = 8080

    @Option(
        help: ArgumentHelp(
            "The address people open, when the server is reached through a name (https://kino.example.org).",
            discussion: "Its host is answered to, besides IP addresses and localhost."))
    var publicURL: String?

    @Option(help: "Another host name the server answers to (repeatable).")
    var allowedHost: [String] = []

    @Flag(
        help: ArgumentHelp(
            "Serve many people: every browser is its own person, with its own bookmarks and place.",
            discussion: """
                The server is hosted anyway when --host is not a loopback address, or when it is reached \
                through a name (--public-url, --allowed-host: behind a reverse proxy). Without it, every \
                browser of this computer shares the local person's data with the CLI.
                """))
    var hosted = false

    @Option(
        help: ArgumentHelp(
            "The folder of exported videos and of the files people send to edit, with --database.",
            discussion: """
                Every instance over one database must see the same folder (a shared volume when they run on \
                different machines): an export made by one is served by all. Default: the data folder.
                """))
    var mediaDir: String?

    @Option(
        help: ArgumentHelp(
            "Seconds an export stays this instance's without a renewal.",
            discussion: "When an instance dies, another takes its exports up this long after."))
    var exportLease: Double = 30

    @Option(
        help: ArgumentHelp(
            "This instance's name among several behind a proxy (a-z, 0-9; up to 16).",
            discussion: """
                It begins the address of every editor the instance holds, so that the proxy sends the \
                editor's requests to it (see deploy/nginx-finnkino.conf).
                """))
    var instanceName = ""

    @Option(
        help: ArgumentHelp(
            "Another push service the server may send notifications to (an http(s) origin; repeatable).",
            discussion: """
                Browsers' own services (Chrome's, Firefox's, Safari's, Edge's) are always allowed; a \
                subscription to any other address is refused, so that no client can make the server post \
                where it likes. For a push service of your own, or a test's.
                """))
    var pushService: [String] = []

    @Option(
        help: ArgumentHelp(
            "The address of a reverse proxy in front of the server (repeatable), e.g. 127.0.0.1.",
            discussion: """
                Requests from it are counted by the client address it forwards (X-Forwarded-For) for the \
                limits per client; from anyone else that header is ignored. Name only your own proxies.
                """))
    var trustedProxy: [String] = []

    @Option(
        help: ArgumentHelp(
            "An address that may read /metrics besides this computer (repeatable), e.g. a Prometheus server's.",
            valueName: "ip"))
    var metricsAllow: [String] = []

    @Option(
        help: ArgumentHelp(
            "A token that opens /metrics to anyone sending 'Authorization: Bearer <token>'.",
            discussion: """
                Better given as FINNKINO_METRICS_TOKEN, which other users of the machine cannot read in \
                the process list. Without a token or --metrics-allow, /metrics answers this computer only.
                """, valueName: "token"))
    var metricsToken: String?

    @Option(
        help: ArgumentHelp(
            "The most JSON API requests (/api/…) one client address may send a minute.",
            discussion: "Beyond it the API answers 429 with Retry-After. Behind a proxy, name it with --trusted-proxy.")
    )
    var apiRequestsPerMinute = 120

    @Option(help: "How the log is written: text (for a person) or json (one object a line, for a log shipper).")
    var logFormat: LogFormat = .text

    enum LogFormat: String, ExpressibleByArgument, CaseIterable {
        case text
        case json
    }

    @Option(help: ArgumentHelp("Seconds between checks of wanted movies against the schedules.", visibility: .hidden))
    var wantedCheckInterval: Double = 900

    func run() async throws {
        let pushServiceOrigins = try Set(
            pushService.map { address in
                guard let origin = PushServices.origin(of: address) else {
                    throw ValidationError(
                        "--push-service must be an http or https address, like https://push.example.org")
                }
                return origin
            })
        guard wantedCheckInterval >= 1, wantedCheckInterval <= 86_400 else {
            throw ValidationError("--wanted-check-interval must be between 1 and 86400 seconds")
        }
        guard exportLease >= 1, exportLease <= 3600 else {
            throw ValidationError("--export-lease must be between 1 and 3600 seconds")
        }
        guard instanceName.count <= 16, instanceName.allSatisfy({ $0.isASCII && ($0.isLowercase || $0.isNumber) })
        else { throw ValidationError("--instance-name must be up to 16 letters a-z and digits") }
        guard mediaDir == nil || database.isSet else {
            throw ValidationError(
                "--media-dir is for several instances over --database (one keeps its videos in --data-dir)")
        }
        guard (0...65_535).contains(port) else { throw ValidationError("--port must be between 0 and 65535") }
        for proxy in trustedProxy where !ClientAddress.isAddress(proxy) {
            throw ValidationError("--trusted-proxy must be an IP address, like 127.0.0.1 (not \(proxy))")
        }
        for address in metricsAllow where !ClientAddress.isAddress(address) {
            throw ValidationError("--metrics-allow must be an IP address, like 10.0.0.5 (not \(address))")
        }
        guard (1...100_000).contains(apiRequestsPerMinute) else {
            throw ValidationError("--api-requests-per-minute must be between 1 and 100000")
        }
        if let metricsToken, metricsToken.count < 16 {
            throw ValidationError("the metrics token must be at least 16 characters (openssl rand -hex 16 makes one)")
        }
        var allowedHosts = Set(allowedHost.map { $0.lowercased() })
        var secureCookies = false
        if let publicURL {
            guard let url = URL(string: publicURL), ["http", "https"].contains(url.scheme?.lowercased() ?? ""),
                let name = url.host, !name.isEmpty
            else {
                throw ValidationError("--public-url must be an http or https address, like https://kino.example.org")
            }
            allowedHosts.insert(name.lowercased())
            secureCookies = url.scheme?.lowercased() == "https"
        }
        let global = self.global
        Self.returnLargeBuffersWhenFreed()
        // Request logs go to standard error; standard output carries only the URL line.
        switch logFormat {
        case .text: LoggingSystem.bootstrap(StreamLogHandler.standardError)
        case .json: LoggingSystem.bootstrap { JSONLogHandler(label: $0) }
        }
        // Build one store now so that a bad --source or --data-dir fails before serving.
        _ = try global.makeStore()
        let postgres = try database.postgres().map { PostgresPool($0, logger: Logger(label: "finnkino.web")) }
        let host = self.host
        let logger = Logger(label: "finnkino.web")
        let sharedCaches = postgres.map { SharedPayloadCaches(pool: $0, logger: logger) }
        let directory = DataDirectory.resolve(appName: "finnkino", override: global.dataDir)
        // Made before the program wrote owner-only (umask 077): made so now, before anyone is served.
        for folder in Set([directory, mediaDir.map { URL(fileURLWithPath: $0, isDirectory: true) } ?? directory]) {
            let changed = DataDirectory.makeOwnerOnly(folder, isOwn: Self.isDataEntry)
            if changed > 0 { logger.notice("\(changed) entries of \(folder.path) made owner-only") }
        }
        let location = LocationService(source: try near.near.map { try LocationSource(parsing: $0) } ?? .none)
        location.start()
        let hosted = WebConfiguration.isHosted(host: host, allowedHosts: allowedHosts, hostedFlag: self.hosted)
        let media = mediaDir.map { URL(fileURLWithPath: $0, isDirectory: true) } ?? directory
        let stores: PersonalStores
        do {
            stores =
                try postgres.map { try PersonalStores.postgres(on: $0, media: media, logger: logger) }
                ?? PersonalStores.sqlite(in: directory, hosted: hosted, logger: logger)
        } catch let failure as PersonalStores.Failure {
            throw CommandFailure(failure.description)
        }
        let secrets =
            try postgres.map { try Self.postgresSecrets(on: $0) } ?? Self.fileSecrets(in: directory, logger: logger)
        if let postgres {
            logger.info(
                "persons, bookmarks, places and videos are kept in PostgreSQL at \(postgres.location), videos' files in \(media.path)"
            )
        }
        let places: any SnapshotStorage =
            try postgres.map { pool in try Self.using(pool) { try PostgresSnapshotStorage(pool: pool) } }
            ?? Self.stateStorage(in: directory, logger: logger)
        let configuration = WebConfiguration(
            host: host, port: port, defaultLanguage: global.language == .en ? .en : .fi,
            makeStore: { language in
                var options = global
                options.language = language
                // Over PostgreSQL, the feed answers are shared too: one instance refreshes a feed
                // at a time, and the others use what it stored.
                return try options.makeStore(sharedCache: sharedCaches?.cache(for:))
            },
            bookmarks: stores.bookmarks,
            library: stores.library,
            persons: stores.persons,
            hosted: hosted,
            secureCookies: secureCookies,
            uploads: media.appendingPathComponent("uploads", isDirectory: true),
            exportJobs: stores.exportJobs,
            wanted: stores.wanted,
            wantedCheckInterval: .milliseconds(Int64(wantedCheckInterval * 1000)),
            pushSubscriptions: stores.pushSubscriptions,
            apiTokens: stores.apiTokens,
            watchlists: stores.watchlists,
            together: stores.together,
            apiRequestsPerMinute: apiRequestsPerMinute,
            vapidKey: secrets.vapidKey,
            pushServiceOrigins: pushServiceOrigins,
            pushContact: publicURL ?? "mailto:webmaster@localhost",
            exportLease: exportLease,
            instanceName: instanceName,
            onServerRunning: { port in
                FileHandle.standardOutput.write(Data("Finnkino is running at http://\(host):\(port)\n".utf8))
            },
            stateStorage: places,
            location: location,
            images: Self.images(in: directory, logger: logger),
            allowedHosts: allowedHosts,
            csrfSecret: secrets.csrfSecret,
            trustedProxies: TrustedProxies(trustedProxy),
            metricsToken: metricsToken, metricsAllowed: metricsAllow,
            logger: logger)
        let app = try makeApplication(configuration)
        try await app.runService(gracefulShutdownSignals: [.sigterm, .sigint])
    }

    /// Has glibc give a freed buffer of 256 KB or more back to the system at once. By default it
    /// raises that threshold to the largest buffer freed (up to 32 MB): after the first feed answer
    /// of a few megabytes, such buffers come from the heap, and the heap's holes stay resident
    /// between them. On the hosted benchmark's pages (issue 41) the server's VmRSS was 147 MB
    /// without this and 120 MB with it; the pages' rates did not move.
    static func returnLargeBuffersWhenFreed() {
        #if canImport(CMalloc)
            _ = mallopt(M_MMAP_THRESHOLD, 256 << 10)
        #endif
    }

    /// Whether `name`, in the data or media folder, is the server's own: its databases (with their
    /// journals), secrets, videos, uploads and caches.
    static func isDataEntry(_ name: String) -> Bool {
        ["server-secret", "vapid-key", "videos", "uploads", "images", "cache"].contains(name)
            || [".sqlite", ".sqlite-wal", ".sqlite-shm", ".sqlite-journal"].contains { name.hasSuffix($0) }
    }

    /// The server's secrets: every instance over one database must have the same.
    struct Secrets {
        /// The secret behind the CSRF tokens: with another one, a form served by one instance would
        /// be refused by the next.
        var csrfSecret: CSRFSecret
        /// Made once and kept, as the CSRF secret: a new key ends every browser's subscription.
        var vapidKey: VAPIDKey
    }

    /// The secrets kept in the database (made by the first instance to start).
    static func postgresSecrets(on pool: PostgresPool) throws -> Secrets {
        try using(pool) {
            guard let csrfSecret = CSRFSecret(bytes: try PostgresSecrets(pool: pool).secret(named: "csrf")) else {
                throw PostgresPoolError("the kept CSRF secret is not 32 bytes")
            }
            let vapidKey = try VAPIDKey(privateKeyBytes: Array(try PostgresSecrets(pool: pool).secret(named: "vapid")))
            return Secrets(csrfSecret: csrfSecret, vapidKey: vapidKey)
        }
    }

    /// What `body` makes of the database; a database that cannot be used stops the start (the
    /// instances sharing it must not each go on with data of their own).
    private static func using<T>(_ pool: PostgresPool, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch {
            throw CommandFailure("the database at \(pool.location) cannot be used: \(error)")
        }
    }

    /// The secrets kept in the data folder.
    static func fileSecrets(in directory: URL, logger: Logger) throws -> Secrets {
        Secrets(csrfSecret: csrfSecret(in: directory, logger: logger), vapidKey: try vapidKey(in: directory))
    }

    /// The VAPID key kept in the data folder (`vapid-key`, its owner's only), made on first start.
    /// Unlike the CSRF secret there is no stand-in: a key for one run would end every browser's
    /// subscription at the next.
    static func vapidKey(in directory: URL) throws -> VAPIDKey {
        do {
            let bytes = try KeptSecret.bytes(named: "vapid-key", in: directory) {
                (try? VAPIDKey(privateKeyBytes: $0)) != nil
            }
            return try VAPIDKey(privateKeyBytes: bytes)
        } catch {
            throw CommandFailure("the push key cannot be kept in \(directory.path): \(error)")
        }
    }

    /// The CSRF secret kept in the data folder; one for this run only if it cannot be kept there
    /// (pages left open then need a reload after a restart).
    static func csrfSecret(in directory: URL, logger: Logger) -> CSRFSecret {
        do {
            return try CSRFSecret.stored(in: directory)
        } catch {
            logger.warning("the server secret cannot be kept in \(directory.path) (\(error)); using one for this run")
            return .random()
        }
    }

    /// The image pipeline, keeping originals and decorated images in `images.sqlite` in the data
    /// folder (128 MB, least recently used first out); in memory only if that cannot be opened.
    static func images(in directory: URL, logger: Logger) -> ImagePipeline {
        do {
            let disk = try SQLitePayloadCache(
                directory: directory, fileName: "images.sqlite", sizeLimit: 128 << 20, logger: logger)
            return ImagePipeline(disk: disk, logger: logger)
        } catch {
            logger.warning(
                "the image cache in \(directory.path) cannot be opened (\(error)); images are kept in memory only")
            return ImagePipeline(logger: logger)
        }
    }

    /// The app's place in `state.sqlite` in the data folder. A file that is not such a database is
    /// logged and started anew; if even that fails, the place is kept in memory for this run.
    static func stateStorage(in directory: URL, logger: Logger) -> any SnapshotStorage {
        let file = directory.appendingPathComponent("state.sqlite")
        do {
            return try SQLiteSnapshotStorage(fileURL: file)
        } catch {
            logger.warning("\(file.path) is unreadable (\(error)); starting it anew")
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: file.path + suffix) }
            do {
                return try SQLiteSnapshotStorage(fileURL: file)
            } catch {
                logger.warning("\(file.path) cannot be created (\(error)); the app's place is kept in memory only")
                return InMemorySnapshotStorage()
            }
        }
    }
}

/// The feed caches in PostgreSQL, one per source (namespace) whichever language's store asks:
/// each is a table's share and a pool of lock connections, made and migrated once.
final class SharedPayloadCaches: Sendable {
    private let pool: PostgresPool
    private let logger: Logger
    private let caches = NIOLockedValueBox<[String: PostgresPayloadCache]>([:])

    init(pool: PostgresPool, logger: Logger) {
        self.pool = pool
        self.logger = logger
    }

    func cache(for namespace: String) throws -> any PayloadCache {
        try caches.withLockedValue { caches in
            if let cache = caches[namespace] { return cache }
            let cache = try PostgresPayloadCache(pool: pool, namespace: namespace, logger: logger)
            caches[namespace] = cache
            return cache
        }
    }
}
