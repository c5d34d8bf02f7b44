import Foundation
import Testing
import UTITestSupport
import UniformTypes

@_spi(Fuzzing) @testable import TypeInference

/// Every content check's declared examples, walked as SwiftLint walks its rules' examples: each
/// example is decided by that check (uti's registries run in their order, so an earlier check
/// that took it would fail here) with the type it declares; each counterexample is not decided by
/// it. A check without a specification, an example and a counterexample fails.
@Suite struct ContentCheckExampleTests {
    /// Every check's name, binary then text, in precedence order.
    static let names = ContentChecks.binaryChecks.map(\.name) + ContentChecks.textChecks.map(\.name)

    /// The content of an example.
    static func bytes(_ example: ContentChecks.Example) throws -> [UInt8] {
        switch example.source {
        case .text(let text): Array(text.utf8)
        case .bytes(let bytes): bytes
        case .fixture(let path): Array(try Data(contentsOf: URL(fileURLWithPath: fixture(path))))
        }
    }

    /// What uti's own checks decide for `bytes`, and which check decided: the binary registry for
    /// content that is not plain text, the text registry for text, as the inferrer asks them.
    static func decision(_ bytes: [UInt8]) -> (identifier: String, check: String)? {
        let head = Array(bytes.prefix(TypeInferrer.headLength))
        let isComplete = bytes.count <= TypeInferrer.headLength
        if let encoding = TextEncodings.plainEncoding(of: head, isComplete: isComplete) {
            return ContentChecks.text(head, encoding: encoding, isComplete: isComplete).map { ($0.identifier, $0.check) }
        }
        let tail = {
            ZipDirectory.read(size: bytes.count) { count, offset in
                offset + count <= bytes.count ? Array(bytes[offset..<(offset + count)]) : nil
            }
        }
        return ContentChecks.binary(head: head, tail: tail).map { ($0.identifier, $0.check) }
    }

    @Test(arguments: names)
    func everyCheckDeclaresItselfAndItsExamplesHold(name: String) throws {
        let declared: (specification: String, examples: [ContentChecks.Example], counterexamples: [ContentChecks.Example])
        if let check = ContentChecks.binaryChecks.first(where: { $0.name == name }) {
            declared = (check.specification, check.examples, check.counterexamples)
        } else {
            let check = try #require(ContentChecks.textChecks.first { $0.name == name })
            declared = (check.specification, check.examples, check.counterexamples)
        }
        #expect(!declared.specification.isEmpty, "\(name) names no specification")
        #expect(!declared.examples.isEmpty, "\(name) declares no example")
        #expect(!declared.counterexamples.isEmpty, "\(name) declares no counterexample")
        for (index, example) in declared.examples.enumerated() {
            let identifier = try #require(example.identifier, "\(name) example \(index + 1) names no type")
            let found = Self.decision(try Self.bytes(example))
            #expect(found?.check == name, "\(name) example \(index + 1) was decided by \(found?.check ?? "no check")")
            #expect(found?.identifier == identifier, "\(name) example \(index + 1) is \(found?.identifier ?? "nothing")")
        }
        for (index, counterexample) in declared.counterexamples.enumerated() {
            let found = Self.decision(try Self.bytes(counterexample))
            #expect(found?.check != name, "\(name) counterexample \(index + 1) was decided by it, as \(found?.identifier ?? "")")
        }
    }

    /// The count the issue asked for, kept honest: every check of both registries has examples.
    @Test func theRegistriesHoldFortyThreeChecksWithExamples() {
        let checks =
            ContentChecks.binaryChecks.map { ($0.examples.count, $0.counterexamples.count) }
            + ContentChecks.textChecks.map { ($0.examples.count, $0.counterexamples.count) }
        #expect(checks.count == 43)
        #expect(checks.allSatisfy { $0.0 >= 1 && $0.1 >= 1 })
    }
}
