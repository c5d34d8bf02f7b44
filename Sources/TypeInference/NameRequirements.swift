import UniformTypes

/// What every file of a format has by the format's specification (`Catalog/name-requirements.json`):
/// a name for the format is not believed over bytes that lack it. A requirement never detects a
/// format; reconciliation's `name-rejected` rule is its only reader (a firmware image named .bin
/// is not MacBinary, a Vim spell file named .spl not a Flash movie).
struct NameRequirement: Sendable {
    /// One test on the file's first bytes.
    enum Test: Sendable {
        /// These bytes at this offset.
        case bytes(at: Int, [UInt8])
        /// One byte at this offset, in a range.
        case byte(at: Int, in: ClosedRange<UInt8>)
        /// These bytes anywhere in the first `within` bytes.
        case search([UInt8], within: Int)
        /// One of these bytes first, after a UTF-8 byte order mark and white space (XML's `<`).
        case opening([UInt8])

        func holds(in head: UnsafeRawBufferPointer) -> Bool {
            switch self {
            case .bytes(let offset, let expected):
                guard offset + expected.count <= head.count else { return false }
                return head[offset..<offset + expected.count].elementsEqual(expected)
            case .byte(let offset, let range):
                return offset < head.count && range.contains(head[offset])
            case .search(let needle, let within):
                let end = min(within, head.count) - needle.count
                guard let first = needle.first, end >= 0 else { return false }
                return (0...end).contains { start in
                    head[start] == first && head[start..<start + needle.count].elementsEqual(needle)
                }
            case .opening(let expected):
                let start = head.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
                let first = head[start...].first { !(0x20 == $0 || 0x09 == $0 || 0x0A == $0 || 0x0D == $0) }
                return first.map(expected.contains) ?? false
            }
        }
    }

    /// The type whose files have it.
    let type: String
    /// Where it comes from.
    let specification: String
    /// Alternatives, one of which holds in every file of the format; each a list of tests that all hold.
    let anyOf: [[Test]]

    /// Whether the bytes have what every file of the format has.
    func holds(in head: UnsafeRawBufferPointer) -> Bool {
        anyOf.contains { tests in tests.allSatisfy { $0.holds(in: head) } }
    }

    /// The requirement of a type itself, if its format's specification states one uti knows.
    static func of(_ type: UTType) -> NameRequirement? { byType[type.identifier] }

    /// What every file of `type` has: its own requirement and its supertypes' (a Word document
    /// in Office Open XML is a zip, and has what every zip has).
    static func all(of type: UTType) -> [NameRequirement] {
        ([type.identifier] + type.orderedSupertypes.map(\.identifier)).compactMap { byType[$0] }
    }

    private static let byType = Dictionary(uniqueKeysWithValues: all.map { ($0.type, $0) })
}
