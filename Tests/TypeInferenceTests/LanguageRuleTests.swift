import Foundation
import Testing
import UTITestSupport

@_spi(Fuzzing) @testable import TypeInference

/// Catalog/languages.json: every language's examples (fixtures, or text written for uti) are that
/// language by their statements, and the text checks name its type; its counterexamples are not
/// that language.
@Suite struct LanguageRuleTests {
    struct Table: Decodable {
        struct Language: Decodable {
            let language: String
            let type: String
            let examples: [String]
            let counterexamples: [String]
        }
        let languages: [Language]
    }

    let table: Table

    init() throws {
        table = try JSONDecoder().decode(Table.self, from: Data(contentsOf: repositoryRoot.appendingPathComponent("Catalog/languages.json")))
    }

    func bytes(_ example: String) throws -> [UInt8] {
        guard example.hasPrefix("Fixtures/") else { return Array(example.utf8) }
        return Array(try Data(contentsOf: repositoryRoot.appendingPathComponent(example)))
    }

    /// The generated table follows the file: its languages, in its order, with their types.
    @Test func theGeneratedRulesFollowTheFile() {
        #expect(ContentChecks.languageRules.map { "\($0.language)" } == table.languages.map(\.language))
        #expect(ContentChecks.languageRules.map(\.language.type.0) == table.languages.map(\.type))
    }

    @Test func examplesAreTheirLanguage() throws {
        for language in table.languages {
            for example in language.examples {
                let text = try bytes(example)
                let found = ContentChecks.scriptLanguage(text[...])
                #expect(found.map { "\($0)" } == language.language, "\(language.language): \(example)")
                let checked = ContentChecks.text(text, encoding: "utf-8", isComplete: true)
                #expect(checked?.identifier == language.type, "\(example)")
                // A guess from statements, which a text type from the name overrides (a fixture
                // may decide earlier, by its #! line).
                if !example.hasPrefix("Fixtures/") { #expect(checked?.isWeak == true, "\(example)") }
            }
        }
    }

    @Test func counterexamplesAreNot() throws {
        for language in table.languages {
            for counterexample in language.counterexamples {
                let found = ContentChecks.scriptLanguage(try bytes(counterexample)[...])
                #expect(found.map { "\($0)" } != language.language, "\(language.language): \(counterexample)")
            }
        }
    }

    /// The conditions compare as the file says: a sum times a factor, against a number or a sum.
    @Test func conditionsCompareSums() {
        var tallies = [Int](repeating: 0, count: ContentChecks.Tally.count)
        tallies[ContentChecks.Tally.statement(.vimStatement).index] = 2
        tallies[ContentChecks.Tally.lines.index] = 7
        let third = ContentChecks.LanguageCondition([.statement(.vimStatement)], times: 3, .atLeast, [.lines])
        #expect(!third.holds(tallies))
        tallies[ContentChecks.Tally.lines.index] = 6
        #expect(third.holds(tallies))
        #expect(ContentChecks.LanguageCondition([.statement(.goPackage)], .atMost, 0).holds(tallies))
        #expect(!ContentChecks.LanguageCondition([.blocks], .below, [.statement(.python)]).holds(tallies))
    }
}
