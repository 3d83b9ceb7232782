// swift-tools-version: 6.1
import PackageDescription

// Benchmarks for the Finnkino package, kept apart so the main package does not depend on the
// libraries it is compared with. Run in release:
//   swift run -c release --package-path Benchmarks finnkino-bench decode
//   Benchmarks/musicify.sh    (ordo-one/benchmark's MusicifyBenchmarks, then musicify-bench under callgrind)
let package = Package(
    name: "FinnkinoBenchmarks",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(name: "Finnkino", path: ".."),
        .package(url: "https://github.com/CoreOffice/XMLCoder", from: "0.18.0"),
        .package(url: "https://github.com/drmohundro/SWXMLHash", from: "8.0.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // JohnSundell's HTML DSL, weighed against the web layer's element API (`finnkino-bench html`).
        .package(url: "https://github.com/JohnSundell/Plot", from: "0.14.0"),
        // Its malloc interposer counts allocations; the trait list leaves out the Linux 6.3 ARC
        // runtime interposer, which is not needed here.
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        // libxml2 for the floor measurement (a SAX pass with empty callbacks).
        .systemLibrary(
            name: "CLibXML2Floor", pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"]), .brew(["libxml2"])]),
        .executableTarget(
            name: "finnkino-bench",
            dependencies: [
                "CLibXML2Floor",
                .product(name: "AppPatterns", package: "Finnkino"),
                .product(name: "FinnkinoKit", package: "Finnkino"),
                .product(name: "FinnkinoPresentation", package: "Finnkino"),
                .product(name: "FinnkinoStores", package: "Finnkino"),
                .product(name: "ImagePipeline", package: "Finnkino"),
                .product(name: "AppPatternsTesting", package: "Finnkino"),
                .product(name: "XMLCoder", package: "XMLCoder"),
                .product(name: "SWXMLHash", package: "SWXMLHash"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Plot", package: "Plot"),
                .product(name: "WebSupport", package: "Finnkino"),
            ]),

        // Musicify: one load cycle of the latest-songs screen per architecture (a new screen, its
        // viewDidLoad on a stubbed answer, the canvas rendered as the web page), shared by the two
        // measurements below.
        .target(
            name: "MusicifyWorkloads",
            dependencies: [
                .product(name: "AppPatterns", package: "Finnkino"),
                .product(name: "AppPatternsTesting", package: "Finnkino"),
                .product(name: "MusicifyKit", package: "Finnkino"),
                .product(name: "MusicifyWeb", package: "Finnkino"),
            ]),
        // Wall clock, allocations and peak memory per architecture (`swift package benchmark`).
        .executableTarget(
            name: "MusicifyBenchmarks",
            dependencies: [
                "MusicifyWorkloads",
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "MusicifyKit", package: "Finnkino"),
            ],
            path: "Benchmarks/MusicifyBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]),
        // N load cycles of one architecture and workload, to run under callgrind for N and N+K
        // cycles: the difference over K is the instructions (and allocations) of one cycle.
        .executableTarget(
            name: "musicify-bench",
            dependencies: [
                "MusicifyWorkloads",
                .product(name: "MusicifyKit", package: "Finnkino"),
            ]),
    ],
    swiftLanguageModes: [.v6]
)
