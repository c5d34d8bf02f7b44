// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "uti",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "uti", targets: ["uti"]),
        .library(name: "UniformTypes", targets: ["UniformTypes"]),
        .library(name: "TypeInference", targets: ["TypeInference"]),
        .library(name: "ItemProviders", targets: ["ItemProviders"]),
        // The same without `NSItemProvider`, for programs that should not link all of Foundation.
        .library(name: "ItemProvidersCore", targets: ["ItemProvidersCore"]),
        .library(name: "SharedMIMEInfo", targets: ["SharedMIMEInfo"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // `swift package generate-documentation` for the DocC catalogs of the three libraries.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // The pure core: types, conformance, tags, declarations from bytes. No file access, no
        // environment, no caches.
        .target(name: "UniformTypes"),
        // Bounded reads and atomic writes of files, and declaration files read from disk.
        .target(name: "FileAccess", dependencies: ["UniformTypes"]),
        // The system's shared-mime-info database as types: the reader, uti's cache of what it adds,
        // and the system catalog (built-in types, the database's, UTI_TYPES).
        .target(name: "SharedMIMEInfo", dependencies: ["UniformTypes", "FileAccess"]),
        // libmagic, as Debian's libmagic-dev or Homebrew's libmagic installs it (pkg-config finds either).
        .systemLibrary(name: "CMagic", pkgConfig: "libmagic", providers: [.apt(["libmagic-dev"]), .brew(["libmagic"])]),
        // zlib, to inflate the few zip entries whose content names the package ([Content_Types].xml).
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]),
        // liblzma, libbz2 and libzstd, for identify -z: the first bytes of an xz, bzip2 or
        // Zstandard stream (libmagic links the first two already).
        .systemLibrary(
            name: "CCompression", providers: [.apt(["liblzma-dev", "libbz2-dev", "libzstd-dev"]), .brew(["xz", "bzip2", "zstd"])]),
        // libpng, libjpeg-turbo (TurboJPEG), libwebp, giflib and libtiff, to encode a class's image
        // types from the formats it reads (UIImage's PNG from a GIF).
        .systemLibrary(
            name: "CImage",
            providers: [
                .apt(["libpng-dev", "libturbojpeg0-dev", "libwebp-dev", "libgif-dev", "libtiff-dev"]),
                .brew(["libpng", "jpeg-turbo", "webp", "giflib", "libtiff"]),
            ]),
        // The commit the executable was built from, as a C string macro the install scripts set
        // (-Xcc -DUTI_COMMIT=...); empty in other builds.
        .systemLibrary(name: "CBuildInfo"),
        // Adapters: file-system kinds, content sniffing, refinements, reconciliation.
        .target(name: "TypeInference", dependencies: ["UniformTypes", "FileAccess", "SharedMIMEInfo", "CMagic", "CZlib", "CCompression"]),
        // Representations, item providers, drag sessions, converters, destinations, negotiation:
        // everything but the Foundation class, on FoundationEssentials alone.
        .target(
            name: "ItemProvidersCore", dependencies: ["UniformTypes", "FileAccess"],
            // iconv(3) decodes RTF code pages: part of glibc, a library of its own on macOS.
            linkerSettings: [.linkedLibrary("iconv", .when(platforms: [.macOS]))]),
        // What programs import: ItemProvidersCore re-exported, and Apple's `NSItemProvider` class,
        // which needs all of Foundation (the command-line tool does not link it).
        .target(name: "ItemProviders", dependencies: ["ItemProvidersCore", "UniformTypes"]),
        // Image decoders and encoders for objects (UIImage writes PNG and JPEG from what it reads),
        // as converters the commands add.
        .target(name: "ImageCodecs", dependencies: ["UniformTypes", "ItemProvidersCore", "CImage"]),
        // Every command, as a library that tests drive; the executable only calls it.
        .target(
            name: "UTICommands",
            dependencies: [
                "UniformTypes", "FileAccess", "SharedMIMEInfo", "TypeInference", "ItemProvidersCore", "ImageCodecs", "CBuildInfo",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        .executableTarget(name: "uti", dependencies: ["UTICommands", "UniformTypes", "SharedMIMEInfo"]),
        // libFuzzer targets for every parser of untrusted bytes (scripts/fuzz); built plainly, it
        // replays files through a target.
        .executableTarget(name: "uti-fuzz", dependencies: ["UTICommands", "ItemProvidersCore", "ImageCodecs", "SharedMIMEInfo", "FileAccess"]),
        // What every test target shares: the repository's paths, running a program, golden files,
        // JSON Schema checks (as swift-argument-parser's ArgumentParserTestHelpers).
        .target(name: "UTITestSupport", dependencies: ["UniformTypes", "SharedMIMEInfo"], path: "Tests/UTITestSupport"),
        .testTarget(name: "UniformTypesTests", dependencies: ["UniformTypes", "FileAccess", "SharedMIMEInfo", "UTITestSupport"]),
        .testTarget(name: "TypeInferenceTests", dependencies: ["TypeInference", "SharedMIMEInfo", "FileAccess", "UTITestSupport"]),
        .testTarget(
            name: "ItemProvidersTests",
            dependencies: [
                "ItemProviders", "ItemProvidersCore", "ImageCodecs", "TypeInference", "FileAccess", "UTITestSupport",
            ]),
        .testTarget(
            name: "UTICommandsTests",
            dependencies: ["UTICommands", "uti", "ItemProvidersCore", "ImageCodecs", "SharedMIMEInfo", "UTITestSupport"],
            exclude: ["Snapshots"]),
    ],
    swiftLanguageModes: [.v6]
)
