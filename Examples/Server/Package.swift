// swift-tools-version: 6.0
// A Hummingbird server that identifies uploaded bytes with uti's libraries: a catalog per tenant,
// the system's shared-mime-info database and libmagic as the environment it is given finds them,
// an inferrer per request. .ci/run builds it, starts it and posts fixtures to it.
import PackageDescription

let package = Package(
    name: "Server",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(name: "uti", path: "../.."),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
    ],
    targets: [
        .executableTarget(
            name: "Server",
            dependencies: [
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "TypeInference", package: "uti"), .product(name: "SharedMIMEInfo", package: "uti"),
                .product(name: "UniformTypes", package: "uti"),
            ])
    ],
    swiftLanguageModes: [.v6]
)
