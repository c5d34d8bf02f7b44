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

    /// The requirement of a type, if its format's specification states one uti knows.
    static func of(_ type: UTType) -> NameRequirement? { byType[type.identifier] }

    private static let byType = Dictionary(uniqueKeysWithValues: all.map { ($0.type, $0) })
}
