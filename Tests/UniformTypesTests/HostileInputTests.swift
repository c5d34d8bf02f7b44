import Foundation
import Testing
import UTITestSupport

@testable import SharedMIMEInfo
@_spi(Fuzzing) @testable import UniformTypes

/// Hostile inputs to the parsers in UniformTypes: each fails with a message naming the cause,
/// at once, without a trap. Fixtures/hostile/README.md says what each file attacks.
@Suite struct HostileParserTests {
    let hostile = repositoryRoot.appendingPathComponent("Fixtures/hostile")

    func bytes(_ name: String) throws -> [UInt8] { Array(try Data(contentsOf: hostile.appendingPathComponent(name))) }

    func plistFailure(_ bytes: [UInt8]) -> String? {
        do {
            _ = try PropertyList.read(bytes)
            return nil
        } catch { return error.message }
    }

    @Test(arguments: [
        ("bplist/huge-object-count.plist", "declares 18446744073709551615 objects (uti's property-list-values limit is 1000000)"),
        ("bplist/self-containing-array.plist", "cycle"),
        ("bplist/shared-subtrees.plist", "expands past uti's property-list-values limit (1000000)"),
        ("bplist/wide-reference.plist", "object reference"),
        ("bplist/wide-uid.plist", "is a UID wider than 32 bits"),
        ("xmlplist/nested-513.plist", "nesting-depth limit (512)"),
        ("xmlplist/billion-laughs.plist", "line 7, column 30: unknown entity &c;"),
    ])
    func propertyListsFailWithTheCause(name: String, message: String) throws {
        let failure = plistFailure(try bytes(name))
        #expect(failure?.contains(message) == true, "\(failure ?? "no failure")")
    }

    @Test func nanDatesSurviveARoundTrip() throws {
        let value = try PropertyList.read(try bytes("bplist/nan-dates.plist"))
        guard case .array(let dates) = value, dates.count == 2, case .date(let first) = dates[0] else {
            Issue.record("not an array of two dates: \(value)")
            return
        }
        #expect(first.isNaN)
        #expect(try PropertyList.read(value.binaryBytes) == value)
    }

    @Test func nestingOfAHundredThousandIsRefusedWithoutRecursing() {
        let xml = Array(("<plist version=\"1.0\">" + String(repeating: "<array>", count: 100_000) + "</plist>").utf8)
        #expect(plistFailure(xml)?.contains("nesting-depth limit (512)") == true)
        let json = Array(String(repeating: "[", count: 100_000).utf8)
        #expect(throws: UTIError.self) { try JSONValue.parse(json, source: "deep.json") }
        do throws(UTIError) { _ = try JSONValue.parse(json, source: "deep.json") } catch {
            #expect(error.message == "deep.json: is not valid JSON: line 1, column 513: nested deeper than uti's nesting-depth limit (512)")
            #expect(error.code == .invalidInput)
        }
    }

    @Test func duplicateKeysAreRefusedNamingTheKeyAndItsPath() throws {
        let document = try bytes("documents/duplicate-key.session.json")
        do throws(UTIError) {
            _ = try JSONValue.parse(document, source: "s.json")
            Issue.record("a duplicate key was accepted")
        } catch {
            #expect(error.message.hasPrefix("s.json: is not valid JSON: line 8, column"))
            #expect(error.message.hasSuffix("duplicate key \"path\" in $.items[0].representations[0]"))
        }
    }

    @Test func keyedArchiverUIDsAndRealsSurviveBothWriters() throws {
        let value = PropertyList.dictionary([
            (key: "$top", value: .dictionary([(key: "root", value: .uid(1))])),
            (key: "one", value: .real(1.0)), (key: "when", value: .date(0)), (key: "blob", value: .data([0, 1, 2])),
        ])
        #expect(try PropertyList.read(value.binaryBytes) == value)
        #expect(try PropertyList.read(try value.xmlBytes()) == value)
        let xml = String(decoding: try value.xmlBytes(), as: UTF8.self)
        #expect(xml.contains("<real>1.0</real>"))
        #expect(xml.contains("<key>CF$UID</key>"))
    }

    @Test func aConformanceChainOfFiftyThousandTypesIsWalkedWithoutRecursion() throws {
        var entries: [String] = []
        for index in 0..<50_000 {
            let parent = index == 0 ? "public.data" : "com.example.t\(index - 1)"
            entries.append(#"{"identifier": "com.example.t\#(index)", "conformsTo": ["\#(parent)"]}"#)
        }
        let document = Array(#"{"exported": [\#(entries.joined(separator: ","))]}"#.utf8)
        let declarations = try TypeDeclarations.parse(document, source: "chain.json")
        let catalog = try TypeCatalog.builtIn.adding(declarations)
        let last = try #require(catalog.type(identifier: "com.example.t49999"))
        #expect(last.supertypes.count >= 50_000)
        #expect(last.conforms(to: try #require(catalog.type(identifier: "com.example.t0"))))
    }
}

/// shared-mime-info caches that are damaged or hostile give no answer, at once.
@Suite struct HostileMIMECacheTests {
    @Test func matchletsThatAreEachOthersChildrenAreRefusedAsDamage() throws {
        let url = repositoryRoot.appendingPathComponent("Fixtures/hostile/mimecache/looping-matchlets.cache")
        let bytes = Array(try Data(contentsOf: url))
        // Checked whole before use: the loop is found once, instead of being walked per file.
        #expect(SharedMIMEDatabase(cacheBytes: bytes) == nil)
        let file = try #require(CacheFile(bytes: bytes))
        let problem = try #require(SharedMIMEDatabase.damage(in: file))
        #expect(problem == "its magic matchlets at 96 are reached twice (a loop)")
    }
}
