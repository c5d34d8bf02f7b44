// swift-tools-version: 6.0
// Code written for Apple's platforms, built on Linux against uti's UniformTypes: the test that
// the library is a drop-in for UniformTypeIdentifiers and NSItemProvider (.ci/run builds and runs it).
import PackageDescription

let package = Package(
    name: "Portability",
    platforms: [.macOS(.v13)],
    dependencies: [.package(name: "uti", path: "../..")],
    targets: [
        .executableTarget(
            name: "Portability",
            dependencies: [
                .product(name: "UniformTypes", package: "uti"), .product(name: "ItemProviders", package: "uti"),
            ])
    ],
    swiftLanguageModes: [.v6]
)
