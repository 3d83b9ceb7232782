// swift-tools-version: 6.1
import PackageDescription

/// The lock that guards shared state (`NIOLockedValueBox`): a pthread mutex, which ThreadSanitizer
/// understands (it reads two accesses inside one `Synchronization.Mutex` as a race).
let locks = Target.Dependency.product(name: "NIOConcurrencyHelpers", package: "swift-nio")

/// How the two apps' programs, which serve the web apps, are linked on Linux: by the toolchain's
/// lld, with the position-independent program's relative relocations packed (`DT_RELR`, read by
/// glibc 2.36 and later). gold wrote finnkino's 74,737 relative relocations as entries of 24 bytes
/// (1.8 MB of its 2.35 MB `.rela.dyn`, which the loader reads at every start and which stay
/// resident); packed they take 21 KB, and lld keeps the read-only data apart from the code. The
/// program's resident pages after the hosted loads: 1.2-1.6 MB fewer (issue 41, item 3;
/// docs/PERFORMANCE.md).
let servers: [LinkerSetting] = [
    .unsafeFlags(["-use-ld=lld", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs"], .when(platforms: [.linux]))
]

let package = Package(
    name: "Finnkino",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "finnkino", targets: ["finnkino"]),
        .executable(name: "finnkino-dataset", targets: ["FinnkinoDatasetGenerator"]),
        .executable(name: "musicify", targets: ["musicify"]),
        .library(name: "AppPatterns", targets: ["AppPatterns"]),
        .library(name: "Storage", targets: ["Storage"]),
        .library(name: "AppPatternsTesting", targets: ["AppPatternsTesting"]),
        .library(name: "ImagePipeline", targets: ["ImagePipeline"]),
        .library(name: "FinnkinoKit", targets: ["FinnkinoKit"]),
        .library(name: "FinnkinoStores", targets: ["FinnkinoStores"]),
        .library(name: "FinnkinoPresentation", targets: ["FinnkinoPresentation"]),
        .library(name: "MusicifyKit", targets: ["MusicifyKit"]),
        .library(name: "WebSupport", targets: ["WebSupport"]),
        .library(name: "MusicifyWeb", targets: ["MusicifyWeb"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.0"),
        .package(url: "https://github.com/apple/swift-metrics", from: "2.5.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.1.0"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.0.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.0.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.0.0"),
        .package(url: "https://github.com/swiftlang/swift-subprocess", from: "1.0.0"),
        .package(url: "https://github.com/apple/swift-system", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-crypto", "3.0.0"..<"5.0.0"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.20.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.60.0"),
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.20.0"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.0"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.27.0"),
        // The JSON API: its server code is generated from Sources/FinnkinoWeb/API/openapi.json
        // (scripts/openapi) and runs on these two.
        .package(url: "https://github.com/apple/swift-openapi-runtime", from: "1.8.0"),
        .package(url: "https://github.com/hummingbird-project/swift-openapi-hummingbird", from: "2.0.0"),
        // Watchlist files: CSV (RFC 4180) and Letterboxd's ZIP export.
        .package(url: "https://github.com/yaslab/CSV.swift", from: "2.5.0"),
        .package(url: "https://github.com/weichsel/ZIPFoundation", from: "0.9.19"),
        // A watchlist sent by a form without a script: multipart/form-data.
        .package(url: "https://github.com/vapor/multipart-kit", from: "4.7.0"),
    ],
    targets: [
        // System libraries (Debian: libxml2-dev, libjpeg62-turbo-dev, libpng-dev, zlib1g-dev).
        .systemLibrary(
            name: "CLibXML2", pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"]), .brew(["libxml2"])]),
        // (Named apart from ZIPFoundation's own module map of zlib, `CZlib`: two modules of one name
        // cannot be built together.)
        .systemLibrary(
            name: "CZlibShim", pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]),
        .systemLibrary(
            name: "CJPEG", pkgConfig: "libjpeg",
            providers: [.apt(["libjpeg62-turbo-dev"]), .brew(["jpeg-turbo"])]),
        .systemLibrary(
            name: "CPNG", pkgConfig: "libpng",
            providers: [.apt(["libpng-dev"]), .brew(["libpng"])]),
        // libqrencode: the QR code of a join code on the Devices page.
        .systemLibrary(
            name: "CQRencode", pkgConfig: "libqrencode",
            providers: [.apt(["libqrencode-dev"]), .brew(["qrencode"])]),
        // glibc's malloc.h (not in Swift's Glibc module): `serve` sets its mmap threshold.
        .systemLibrary(name: "CMalloc"),
        // libjpeg's and libpng's errors longjmp; this C target catches them and returns them as
        // values (and sets libpng's speed options, which its simplified API lacks).
        .target(
            name: "CImageCodecs",
            linkerSettings: [.linkedLibrary("jpeg"), .linkedLibrary("png16"), .linkedLibrary("z")]),

        // The pattern toolkit (DESIGN.md section 3): observable subjects, updaters, commands with
        // undo, memento, the responder chain, typed endpoints, transports and the web service,
        // caches. Nothing heavier than swift-log, NIO's locks, the HTTP client its transport needs and
        // swift-crypto's SHA-256 (what its answers are told apart by).
        .target(
            name: "AppPatterns",
            dependencies: [
                "CZlibShim", locks,
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "CoreMetrics", package: "swift-metrics"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOHTTPCompression", package: "swift-nio-extras"),
                .product(name: "Logging", package: "swift-log"),
            ]),

        // Generic storage: SQLite (GRDB) and PostgreSQL (PostgresNIO) plumbing, the durable
        // database, payload caches and snapshot storage on disk, kept secrets, the data folder.
        .target(
            name: "Storage",
            dependencies: [
                "AppPatterns", locks,
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
            ]),

        // Running external programs (ffmpeg, ffprobe) with limits, and finding them and the font.
        .target(
            name: "ExternalPrograms",
            dependencies: [
                "AppPatterns",
                .product(name: "Subprocess", package: "swift-subprocess"),
                .product(name: "SystemPackage", package: "swift-system"),
            ]),

        // Images: fetch, cache, decode (libjpeg-turbo, libpng), decorate, encode.
        .target(
            name: "ImagePipeline",
            dependencies: [
                "AppPatterns", "CImageCodecs", "CPNG", locks,
                .product(name: "Logging", package: "swift-log"),
            ]),

        // Finnkino domain: models, endpoints, XML decoding, the bundled dataset, the FeedStore facade.
        .target(
            name: "FinnkinoKit",
            dependencies: [
                "AppPatterns", "CLibXML2", "ExternalPrograms", "ImagePipeline", "WebPush", locks,
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "CSV", package: "CSV.swift"),
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "CoreMetrics", package: "swift-metrics"),
            ],
            resources: [.copy("Bundled")]),

        // What Finnkino keeps per person: each store contract of FinnkinoKit with its SQLite and its
        // PostgreSQL kind, side by side in a folder per contract, and the move between them.
        .target(
            name: "FinnkinoStores",
            dependencies: [
                "AppPatterns", "FinnkinoKit", "Storage", "WebPush", locks,
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
            ]),

        // Finnkino presentation: the screens' view models, the interface's words and display
        // formats, the app's place; what the web app and the CLI show, over FinnkinoKit's data.
        .target(
            name: "FinnkinoPresentation",
            dependencies: ["AppPatterns", "FinnkinoKit", .product(name: "Logging", package: "swift-log")]),

        // Musicify: the song model and its sources (Apple's chart, the study's format, the bundled
        // chart), the screen's widgets, and the screen in five architectures.
        .target(name: "MusicifyKit", dependencies: ["AppPatterns"], resources: [.copy("Bundled")]),

        // What both web apps use: HTML writing with escaping, the security headers, static files and
        // the server's start.
        .target(
            name: "WebSupport",
            dependencies: [
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]),

        // The web app: Hummingbird routes, HTML views, live updates (server-sent events).
        .target(
            name: "FinnkinoWeb",
            dependencies: [
                "AppPatterns", "CQRencode", "FinnkinoKit", "FinnkinoPresentation", "FinnkinoStores", "ImagePipeline",
                "Storage", "WebPush", "WebSupport",
                locks,
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "OpenAPIHummingbird", package: "swift-openapi-hummingbird"),
                .product(name: "MultipartKit", package: "multipart-kit"),
                .product(name: "NIOCore", package: "swift-nio"),
            ],
            exclude: ["API/openapi-generator-config.yaml", "API/Generated/SOURCES.sha256"],
            resources: [.copy("Static"), .copy("API/openapi.json")]),

        // Musicify's web app: the latest-songs page of any of the five architectures, on Hummingbird.
        .target(
            name: "MusicifyWeb",
            dependencies: [
                "AppPatterns", "MusicifyKit", "WebSupport",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
            ],
            resources: [.copy("Static")]),

        // The command-line tool; `serve` (the default) runs the web app.
        .executableTarget(
            name: "finnkino",
            dependencies: [
                .target(name: "CMalloc", condition: .when(platforms: [.linux])),
                "AppPatterns", "FinnkinoKit", "FinnkinoPresentation", "FinnkinoStores", "FinnkinoWeb", "ImagePipeline",
                "Storage", "WebPush", "WebSupport",
                locks,
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            linkerSettings: servers),

        // Musicify's command-line tool: `list`, `open`, and `serve` (the web app).
        .executableTarget(
            name: "musicify",
            dependencies: [
                "AppPatterns", "MusicifyKit", "MusicifyWeb", locks,
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            linkerSettings: servers),

        // Web Push (RFC 8030, 8291, 8292): subscriptions, message encryption and VAPID; generic.
        .target(
            name: "WebPush",
            dependencies: ["AppPatterns", .product(name: "Crypto", package: "swift-crypto")]),

        // Writes Sources/FinnkinoKit/Bundled (the embedded default dataset) reproducibly.
        .executableTarget(
            name: "FinnkinoDatasetGenerator",
            dependencies: [
                "CJPEG", "AppPatterns", "ExternalPrograms", locks,
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),

        // The toolkit's test doubles, for tests and benchmarks only: a clock that moves when told
        // (ManualClock) and a transport that answers as told (StubTransport).
        .target(name: "AppPatternsTesting", dependencies: ["AppPatterns", locks]),

        // What only tests use: one poll-until, one process runner, one fake HTTP server,
        // temporary folders, and the backends a store suite runs on.
        .target(
            name: "TestSupport",
            dependencies: [
                "AppPatterns", "AppPatternsTesting", "Storage", locks,
                .product(name: "PostgresNIO", package: "postgres-nio"),
            ],
            path: "Tests/TestSupport", resources: [.copy("Fixtures")]),

        .testTarget(
            name: "AppPatternsTests",
            dependencies: [
                "AppPatterns", "AppPatternsTesting", "TestSupport", locks,
                .product(name: "MetricsTestKit", package: "swift-metrics"),
            ]),
        .testTarget(
            name: "StorageTests",
            dependencies: [
                "Storage", "AppPatterns", "AppPatternsTesting", "TestSupport", locks,
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
            ]),
        .testTarget(
            name: "ExternalProgramsTests", dependencies: ["ExternalPrograms", "AppPatternsTesting", "TestSupport"]),
        .testTarget(
            name: "ImagePipelineTests",
            dependencies: ["ImagePipeline", "AppPatterns", "AppPatternsTesting", "TestSupport", locks]),
        .testTarget(
            name: "WebPushTests",
            dependencies: [
                "WebPush", "AppPatterns", "AppPatternsTesting", "TestSupport",
                .product(name: "Crypto", package: "swift-crypto"),
            ]),
        .testTarget(
            name: "FinnkinoKitTests",
            dependencies: [
                "FinnkinoKit", "AppPatterns", "ExternalPrograms", "FinnkinoStores", "AppPatternsTesting", "TestSupport",
                "WebPush", locks, .product(name: "MetricsTestKit", package: "swift-metrics"),
            ],
            resources: [.copy("Fixtures")]),
        .testTarget(
            name: "FinnkinoStoresTests",
            dependencies: [
                "FinnkinoStores", "FinnkinoKit", "AppPatterns", "Storage", "AppPatternsTesting", "TestSupport",
                "WebPush", locks,
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
            ]),
        .testTarget(
            name: "FinnkinoPresentationTests",
            dependencies: [
                "FinnkinoPresentation", "FinnkinoKit", "FinnkinoStores", "AppPatterns", "AppPatternsTesting",
                "TestSupport", locks,
            ]),
        .testTarget(
            name: "MusicifyKitTests",
            dependencies: ["MusicifyKit", "AppPatterns", "AppPatternsTesting", "TestSupport"],
            resources: [.copy("Fixtures")]),
        .testTarget(
            name: "FinnkinoWebTests",
            dependencies: [
                "FinnkinoWeb", "FinnkinoKit", "FinnkinoPresentation", "FinnkinoStores", "AppPatterns", "ImagePipeline",
                "Storage", "AppPatternsTesting", "TestSupport", "WebPush", "WebSupport", locks,
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
            ]),
        .testTarget(
            name: "MusicifyWebTests",
            dependencies: [
                "MusicifyWeb", "MusicifyKit", "AppPatterns", "AppPatternsTesting", "TestSupport",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
            ]),
        .testTarget(
            name: "MusicifyCLITests",
            dependencies: [
                "musicify", "AppPatternsTesting", "TestSupport", locks,
            ],
            resources: [.copy("Fixtures")]),
        .testTarget(
            name: "WebSupportTests",
            dependencies: [
                "WebSupport", "AppPatternsTesting", "TestSupport",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
            ]),
        .testTarget(
            name: "FinnkinoCLITests",
            dependencies: [
                "finnkino", "FinnkinoKit", "FinnkinoPresentation", "AppPatternsTesting", "TestSupport", locks,
            ]),
    ],
    swiftLanguageModes: [.v6]
)

// The fuzz targets (`scripts/fuzz`): declared only when asked for, because they link only with
// libFuzzer (`-sanitize=fuzzer`), whose driver their `main` runs.
if Context.environment["FINNKINO_SANITIZE"] == "fuzzer" {
    package.products.append(.executable(name: "finnkino-fuzz", targets: ["FinnkinoFuzz"]))
    package.targets.append(
        .executableTarget(
            name: "FinnkinoFuzz", dependencies: ["FinnkinoKit", "FinnkinoPresentation", "FinnkinoWeb", "WebSupport"],
            // So that `main` finds libFuzzer's driver (`dlsym`).
            linkerSettings: [.unsafeFlags(["-Xlinker", "--export-dynamic"])]))
}

// `scripts/tsan` (FINNKINO_SANITIZE=thread) and `scripts/fuzz` (FINNKINO_SANITIZE=fuzzer) instrument
// this package's own code only, in the build folder of `scripts/test`: the dependencies that build
// compiled serve all three. With SwiftPM's `--sanitize`, each was a build of every dependency of
// its own (the fuzz build alone took 489 s of a CI run on 2 cores). The dependencies' code is not
// instrumented: ThreadSanitizer sees their locks (it intercepts pthread calls) but not races
// inside them, and libFuzzer measures the coverage of our code, which is what it explores.
let sanitizer: String? =
    switch Context.environment["FINNKINO_SANITIZE"] {
    case "thread": "thread"
    case "fuzzer": "fuzzer,address"
    default: nil
    }
if let sanitizer {
    for target in package.targets where target.type != .system {
        target.swiftSettings = (target.swiftSettings ?? []) + [.unsafeFlags(["-sanitize=\(sanitizer)"])]
        target.cSettings = (target.cSettings ?? []) + [.unsafeFlags(["-fsanitize=\(sanitizer)"])]
        target.linkerSettings = (target.linkerSettings ?? []) + [.unsafeFlags(["-sanitize=\(sanitizer)"])]
    }
}
