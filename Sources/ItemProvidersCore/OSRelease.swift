/// The major release of the OS a destination, a list or a session runs on, for the drag and drop
/// behaviour that changed between releases (`uti drop --os`, `"os"` in documents). Each
/// difference uti models names the Apple page it comes from (`OSRelease.Fact`).
public struct OSRelease: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The major version: 14 for iOS 14, 26 for iOS 26 and macOS 26.
    public let major: Int

    /// The releases uti models on iOS (and iPadOS): the ones where a behaviour it models changed,
    /// and those between.
    public static let iOS: [Int] = [14, 15, 16, 17, 18, 26, 27]
    /// The releases uti models on macOS.
    public static let macOS: [Int] = [13, 14, 15, 26, 27]
    /// The default: the newest release shipped (Apple's pages already list some API from
    /// release 27, which `--os 27` selects).
    public static let newest = OSRelease(26)

    /// Release `major`.
    public init(_ major: Int) { self.major = major }

    /// The major version, as `--os` spells it.
    public var description: String { String(major) }

    /// Whether `lhs` is an older release than `rhs`.
    public static func < (lhs: OSRelease, rhs: OSRelease) -> Bool { lhs.major < rhs.major }

    /// The releases uti models on `platform` (iOS when none is declared: lists, delegates and
    /// devices are UIKit's).
    public static func known(on platform: DropDestination.Platform?) -> [Int] {
        platform == .macos ? macOS : iOS
    }

    /// Why `major` is not a release uti models on `platform`, or nil when it is.
    public static func problem(_ major: Int, on platform: DropDestination.Platform?) -> String? {
        let known = known(on: platform)
        guard !known.contains(major) else { return nil }
        return "\(major) is not a release uti models on \(platform == .macos ? "macOS" : "iOS") (give one of \(known.map(String.init).joined(separator: ", ")))"
    }

    /// One behaviour that exists from a release on, with the Apple page that says so.
    public struct Fact: Sendable, Equatable {
        /// What exists, in the words of a result ("dropDestination(for:)").
        public let what: String
        /// The first iOS release that has it; nil: none (macOS only).
        public let iOS: Int?
        /// The first macOS release that has it; nil: none (iOS only).
        public let macOS: Int?
        /// The Apple page that gives the availability.
        public let source: String

        /// Whether `release` on `platform` has it (iOS when no platform is declared).
        public func isAvailable(in release: OSRelease, on platform: DropDestination.Platform?) -> Bool {
            guard let first = platform == .macos ? macOS : iOS else { return false }
            return release.major >= first
        }

        /// Why `release` on `platform` does not have it, or nil when it does.
        public func unavailable(in release: OSRelease, on platform: DropDestination.Platform?) -> String? {
            guard !isAvailable(in: release, on: platform) else { return nil }
            let name = platform == .macos ? "macOS" : "iOS"
            let first = platform == .macos ? macOS : iOS
            return "\(what) does not exist on \(name) \(release)"
                + (first.map { " (from \(name) \($0): \(source))" } ?? " (\(platform == .macos ? "iOS" : "macOS") only: \(source))")
        }
    }

    /// `dropDestination(for:action:isTargeted:)` and `Transferable`.
    public static let transferableDrop = Fact(
        what: "dropDestination(for:)", iOS: 16, macOS: 13,
        source: "developer.apple.com/documentation/swiftui/view/dropdestination(for:action:istargeted:) lists iOS 16.0, macOS 13.0")
    /// `View.dropConfiguration(_:)`, which returns a `DropConfiguration`.
    public static let dropConfiguration = Fact(
        what: "dropConfiguration(_:)", iOS: 27, macOS: 26,
        source:
            "developer.apple.com/documentation/swiftui/view/dropconfiguration(_:) lists iOS 27.0, macOS 26.0 (the DropConfiguration structure itself is iOS 26.0)"
    )
    /// `DropConfiguration.acceptedItemCount`.
    public static let acceptedItemCount = Fact(
        what: "DropConfiguration.acceptedItemCount", iOS: nil, macOS: 26,
        source: "developer.apple.com/documentation/swiftui/dropconfiguration/accepteditemcount lists macOS 26.0 only")
    /// `View.dragConfiguration(_:)` with `DragConfiguration`.
    public static let dragConfiguration = Fact(
        what: "DragConfiguration", iOS: 26, macOS: 26,
        source: "developer.apple.com/documentation/swiftui/dragconfiguration lists iOS 26.0, macOS 26.0")
    /// Collection and table views drag by default on iPhone, and to other applications.
    public static let phoneDragsByDefault = Fact(
        what: "dragging from a collection or table view by default on iPhone", iOS: 15, macOS: nil,
        source:
            "developer.apple.com/documentation/uikit/uicollectionview/draginteractionenabled: the default is true; in iOS 14 and earlier it is true for iPad and false for iPhone, where true enables dragging within the application only"
    )
}
