// swift-tools-version: 6.1
import PackageDescription

// Apple's swift-openapi-generator, pinned, for `scripts/openapi`: it writes the JSON API's server
// code from `Sources/FinnkinoWeb/API/openapi.json` into `Sources/FinnkinoWeb/API/Generated/`, to be
// committed, and `scripts/openapi --check` compares the committed code with a new generation. (The
// build plugin would build the generator, two minutes on two cores, in every clean build of the
// app; this package keeps it out of them.)
let package = Package(
    name: "OpenAPIGeneratorTool",
    dependencies: [
        .package(url: "https://github.com/apple/swift-openapi-generator", exact: "1.14.3")
    ],
    targets: []
)
