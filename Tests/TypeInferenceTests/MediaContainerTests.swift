import Foundation
import Testing
import UTITestSupport

@_spi(Fuzzing) @testable import TypeInference

/// Audio or video in ASF and Matroska, from the stream descriptions at their start.
@Suite struct MediaContainerTests {
    static let folder = repositoryRoot.appendingPathComponent("Fixtures/files")

    static func bytes(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: folder.appendingPathComponent(name)))
    }

    @Test func windowsMediaStreamsAreReadFromTheHeader() throws {
        #expect(MediaContainers.asfStreams(try Self.bytes("clip.wmv")) == MediaContainers.Streams(audio: false, video: true))
        #expect(MediaContainers.asfStreams(try Self.bytes("tone.wma")) == MediaContainers.Streams(audio: true, video: false))
        #expect(ContentChecks.binary(head: try Self.bytes("clip.wmv"), tail: { nil })?.0 == "com.microsoft.windows-media-wmv")
        #expect(ContentChecks.binary(head: try Self.bytes("tone.wma"), tail: { nil })?.0 == "com.microsoft.windows-media-wma")
    }

    @Test func matroskaTracksTellAudioFromVideo() throws {
        let audio = try #require(MediaContainers.matroskaStreams(try Self.bytes("tone.mka")))
        #expect(audio.docType == "matroska" && audio.streams == MediaContainers.Streams(audio: true, video: false))
        let video = try #require(MediaContainers.matroskaStreams(try Self.bytes("clip.mkv")))
        #expect(video.docType == "matroska" && video.streams.video)
        #expect(MediaContainers.matroskaStreams(try Self.bytes("clip.webm"))?.docType == "webm")
        #expect(ContentChecks.binary(head: try Self.bytes("tone.mka"), tail: { nil })?.0 == "org.matroska.mka")
        // Video, and WebM whatever its streams, stay the rules' and libmagic's to name.
        #expect(ContentChecks.binary(head: try Self.bytes("clip.mkv"), tail: { nil }) == nil)
        #expect(ContentChecks.binary(head: try Self.bytes("clip.webm"), tail: { nil }) == nil)
    }

    /// Cut anywhere, the headers give no answer or a partial one, never a crash; a header that
    /// ends before its streams gives none.
    @Test func truncatedHeadersAreReadSafely() throws {
        for name in ["clip.wmv", "tone.wma", "tone.mka", "clip.mkv"] {
            let whole = try Self.bytes(name)
            for length in stride(from: 0, to: min(whole.count, 600), by: 7) {
                _ = MediaContainers.asfStreams(Array(whole.prefix(length)))
                _ = MediaContainers.matroskaStreams(Array(whole.prefix(length)))
            }
        }
        #expect(MediaContainers.asfStreams(Array(try Self.bytes("clip.wmv").prefix(40))) == nil)
        #expect(MediaContainers.matroskaStreams(Array(try Self.bytes("tone.mka").prefix(40))) == nil)
    }

    @Test func sizesThatPointPastTheEndOrLoopStop() {
        // An ASF header claiming a billion objects, the first of size zero.
        var asf = MediaContainers.asfHeader + [UInt8](repeating: 0, count: 8) + [0x00, 0xCA, 0x9A, 0x3B, 0x01, 0x02]
        asf += [UInt8](repeating: 0xAA, count: 16) + [UInt8](repeating: 0, count: 8)
        #expect(MediaContainers.asfStreams(asf) == nil)
        // EBML whose header claims more bytes than there are, and one with an 8-byte ID.
        #expect(MediaContainers.matroskaStreams([0x1A, 0x45, 0xDF, 0xA3, 0x88, 0x7F, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF]) == nil)
        #expect(MediaContainers.matroskaStreams([0x01, 0x45, 0xDF, 0xA3, 0x81, 0x00]) == nil)
    }
}

/// Fixtures/hostile/media: inputs the media fuzz target found.
@Suite struct HostileMediaTests {
    @Test func anObjectOfNearlyTwoToTheSixtyThreeBytesEndsTheRead() throws {
        let url = MediaContainerTests.folder.deletingLastPathComponent().appendingPathComponent("hostile/media/asf-huge-object.asf")
        #expect(MediaContainers.asfStreams(Array(try Data(contentsOf: url))) == nil)
    }
}
