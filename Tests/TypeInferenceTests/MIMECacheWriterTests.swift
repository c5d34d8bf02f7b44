import SharedMIMEInfo
import Testing

@testable import TypeInference

/// MIMECacheWriter lays rules out as a mime.cache the engine reads: the form uti's own rules are
/// generated in, one line a rule, so that a small rule change is a small diff.
@Suite struct MIMECacheWriterTests {
    func database(_ writer: MIMECacheWriter) throws -> SharedMIMEDatabase {
        try #require(SharedMIMEDatabase(cacheBytes: writer.bytes()))
    }

    @Test func rulesParentsAliasesAndRootsAreReadBack() throws {
        let writer = MIMECacheWriter(
            aliases: [("application/x-sample", "application/vnd.sample")],
            parents: [("application/vnd.sample+xml", ["application/xml"])],
            magic: [
                // "SMPL" at 0, then version 1 or 2 under a mask at 4; or "smpl" anywhere in 8..15.
                .init(
                    90, "application/vnd.sample",
                    [
                        .init(0, 1, 1, "534d504c", [.init(4, 1, 1, "01", mask: "0f"), .init(4, 1, 1, "02", mask: "0f")]),
                        .init(8, 8, 1, "736d706c"),
                    ])
            ],
            namespaces: [("urn:example:sample", "sample", "application/vnd.sample+xml")])
        let cache = try database(writer)
        func magic(_ bytes: [UInt8]) -> String? { bytes.withUnsafeBytes { cache.magic($0)?.mimeType } }
        #expect(magic(Array("SMPL".utf8) + [0x31]) == "application/vnd.sample")
        #expect(magic(Array("SMPL".utf8) + [0x33]) == nil)
        #expect(magic(Array("........xxsmpl".utf8)) == "application/vnd.sample")
        #expect(magic(Array("smpl".utf8)) == nil)
        #expect(cache.isSubclass("application/vnd.sample+xml", of: "application/xml"))
        #expect(cache.mimeType(forXMLRoot: .init(namespace: "urn:example:sample", localName: "sample")) == "application/vnd.sample+xml")
    }

    /// Rules that compare single offsets past the first byte (tar's `ustar` at 257) are tried
    /// only where one of those offsets holds the value's first byte, and match as before.
    @Test func rulesAtOtherOffsetsMatchWhereTheirValueIs() throws {
        let writer = MIMECacheWriter(
            magic: [
                .init(60, "application/x-at-four", [.init(4, 1, 1, "41424344")]),
                // "ZZ" at 0 or "YY" at 6: one rule, two single offsets.
                .init(55, "application/x-either", [.init(0, 1, 1, "5a5a"), .init(6, 1, 1, "5959")]),
            ])
        let cache = try database(writer)
        func magic(_ text: String) -> String? { Array(text.utf8).withUnsafeBytes { cache.magic($0)?.mimeType } }
        #expect(magic("....ABCD") == "application/x-at-four")
        #expect(magic("....XBCD") == nil)
        #expect(magic("....AB") == nil)
        #expect(magic("ZZ") == "application/x-either")
        #expect(magic("......YY") == "application/x-either")
        #expect(magic("......YX") == nil)
    }

    /// uti's own rules, as generated, make a cache with no damage, whose every rule names a type.
    @Test func theGeneratedRulesLayOutWithoutDamage() throws {
        let cache = try database(OwnRules.compiled)
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        #expect(png.withUnsafeBytes { cache.magic($0)?.mimeType } == "image/png")
        #expect(OwnRules.compiled.magic.count > 100)
    }
}
