// swift-tools-version: 6.1
import PackageDescription

// Benchmarks for the Finnkino package, kept apart so the main package does not depend on the
// libraries it is compared with. Run in release:
//   swift run -c release --package-path Benchmarks finnkino-bench decode
let package = Package(
    name: "FinnkinoBenchmarks",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(name: "Finnkino", path: ".."),
        .package(url: "https://github.com/CoreOffice/XMLCoder", from: "0.18.0"),
        .package(url: "https://github.com/drmohundro/SWXMLHash", from: "8.0.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
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
                .product(name: "ImagePipeline", package: "Finnkino"),
                .product(name: "XMLCoder", package: "XMLCoder"),
                .product(name: "SWXMLHash", package: "SWXMLHash"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
    ],
    swiftLanguageModes: [.v6]
)
