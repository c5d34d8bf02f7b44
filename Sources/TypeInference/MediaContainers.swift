/// Audio or video inside the containers that hold either, from the stream descriptions at their
/// start: what libmagic and the rule language cannot tell (both call every such file the
/// container's video type).
@_spi(Fuzzing) public enum MediaContainers {
    /// The kinds of stream a container declares.
    @_spi(Fuzzing) public struct Streams: Equatable {
        /// Whether an audio stream was found.
        @_spi(Fuzzing) public var audio = false
        /// Whether a video stream was found.
        @_spi(Fuzzing) public var video = false
    }

    // MARK: Ogg

    /// The codecs of an Ogg physical stream's logical streams, from their beginning-of-stream
    /// pages (RFC 3533, 6: every logical stream's first page has the BOS flag, and all of them
    /// come before any other page; each page is "OggS", version 0, the header type, granule,
    /// serial, sequence and CRC, the segment count and table, then the packet data). The first
    /// packet's start names the codec: Theora, Dirac and Daala are video; Vorbis, Opus, FLAC,
    /// Speex audio; a Skeleton or Kate stream neither. Nil when `bytes` do not start with a BOS
    /// page; at most `oggStreams` pages are read.
    @_spi(Fuzzing) public static func oggCodecs(_ bytes: [UInt8]) -> [OggCodec]? {
        var codecs: [OggCodec] = []
        var offset = 0
        for _ in 0..<oggStreams {
            guard offset + 27 <= bytes.count, bytes[offset..<offset + 4].elementsEqual([0x4F, 0x67, 0x67, 0x53]), bytes[offset + 4] == 0,
                bytes[offset + 5] & 0x02 != 0
            else { break }
            let segments = Int(bytes[offset + 26])
            guard offset + 27 + segments <= bytes.count else { break }
            let bodyLength = bytes[offset + 27..<offset + 27 + segments].reduce(0) { $0 + Int($1) }
            let body = offset + 27 + segments
            let first = bytes[body..<min(bytes.count, body + 8)]
            codecs.append(OggCodec.allCases.first { first.starts(with: $0.signature) } ?? .unknown)
            offset = body + bodyLength
        }
        return codecs.isEmpty ? nil : codecs
    }

    /// How many beginning-of-stream pages `oggCodecs` reads.
    static let oggStreams = 16

    /// A codec an Ogg logical stream's first packet names (each codec's own specification: the
    /// identification header's packet type and name).
    @_spi(Fuzzing) public enum OggCodec: CaseIterable, Sendable {
        case theora, dirac, daala, vorbis, opus, flac, speex, skeleton, kate, unknown

        /// The first bytes of the stream's first packet.
        var signature: [UInt8] {
            switch self {
            case .theora: [0x80] + Array("theora".utf8)
            case .dirac: Array("BBCD".utf8) + [0]
            case .daala: [0x80] + Array("daala".utf8)
            case .vorbis: [0x01] + Array("vorbis".utf8)
            case .opus: Array("OpusHead".utf8)
            case .flac: [0x7F] + Array("FLAC".utf8)
            case .speex: Array("Speex   ".utf8)
            case .skeleton: Array("fishead".utf8) + [0]
            case .kate: [0x80] + Array("kate".utf8)
            case .unknown: []
            }
        }

        /// Whether the codec is video.
        var isVideo: Bool { [.theora, .dirac, .daala].contains(self) }
        /// The MIME type of Ogg whose one audio stream is in this codec; nil for codecs that are
        /// not audio.
        var audioMIMEType: String? {
            switch self {
            case .vorbis: "audio/x-vorbis+ogg"
            case .opus: "audio/x-opus+ogg"
            case .flac: "audio/x-flac+ogg"
            case .speex: "audio/x-speex+ogg"
            default: nil
            }
        }
    }

    /// The type an Ogg file's streams make it, as MIME type: video (Theora's `video/ogg`) where
    /// any stream is video, else the one audio codec's (Vorbis, Opus, FLAC, Speex in Ogg), else
    /// `audio/ogg` for several audio codecs; nil when no stream is audio or video.
    static func oggMIMEType(_ codecs: [OggCodec]) -> String? {
        if codecs.contains(where: \.isVideo) { return "video/ogg" }
        let audio = Set(codecs.compactMap(\.audioMIMEType))
        guard let only = audio.first else { return nil }
        return audio.count == 1 ? only : "audio/ogg"
    }

    // MARK: ASF (Windows Media)

    /// The ASF header object's GUID, as stored (little-endian fields).
    @_spi(Fuzzing) public static let asfHeader: [UInt8] = [0x30, 0x26, 0xB2, 0x75, 0x8E, 0x66, 0xCF, 0x11, 0xA6, 0xD9, 0x00, 0xAA, 0x00, 0x62, 0xCE, 0x6C]
    static let asfStreamProperties: [UInt8] = [0x91, 0x07, 0xDC, 0xB7, 0xB7, 0xA9, 0xCF, 0x11, 0x8E, 0xE6, 0x00, 0xC0, 0x0C, 0x20, 0x53, 0x65]
    static let asfAudioMedia: [UInt8] = [0x40, 0x9E, 0x69, 0xF8, 0x4D, 0x5B, 0xCF, 0x11, 0xA8, 0xFD, 0x00, 0x80, 0x5F, 0x5C, 0x44, 0x2B]
    static let asfVideoMedia: [UInt8] = [0xC0, 0xEF, 0x19, 0xBC, 0x4D, 0x5B, 0xCF, 0x11, 0xA8, 0xFD, 0x00, 0x80, 0x5F, 0x5C, 0x44, 0x2B]

    /// The streams an ASF file's header declares (ASF specification 1.20, 3.1 and 3.3: the
    /// header object holds objects of a GUID and a 64-bit size; each stream properties object
    /// gives its stream's type GUID after its own 24-byte head). Nil when `bytes` is not an ASF
    /// header, or no stream properties object lies within them.
    @_spi(Fuzzing) public static func asfStreams(_ bytes: [UInt8]) -> Streams? {
        guard bytes.count >= 30, bytes.starts(with: asfHeader) else { return nil }
        let objects = Int(little32(bytes, at: 24))
        var streams = Streams()
        var found = false
        var offset = 30
        for _ in 0..<min(objects, 1024) {
            guard offset + 24 <= bytes.count else { break }
            let size = little64(bytes, at: offset + 16)
            // An object that ends past these bytes is the last one they can say anything about.
            guard size >= 24, size <= UInt64(bytes.count - offset) else { break }
            if bytes[offset..<offset + 16].elementsEqual(asfStreamProperties), offset + 40 <= bytes.count {
                let kind = bytes[offset + 24..<offset + 40]
                if kind.elementsEqual(asfAudioMedia) { streams.audio = true }
                if kind.elementsEqual(asfVideoMedia) { streams.video = true }
                found = true
            }
            offset += Int(size)
        }
        return found ? streams : nil
    }

    // MARK: Matroska

    /// The document type and the streams of a Matroska or WebM file's tracks (Matroska's EBML
    /// schema, RFC 9559: the EBML header's DocType; in the Segment, the Tracks element's
    /// TrackEntry elements and their TrackType, 1 video, 2 audio). Nil when the bytes are not
    /// EBML, or no Tracks element lies within them before the first Cluster.
    @_spi(Fuzzing) public static func matroskaStreams(_ bytes: [UInt8]) -> (docType: String, streams: Streams)? {
        var reader = EBMLReader(bytes: bytes)
        guard let header = reader.element(), header.id == 0x1A45_DFA3, let headerEnd = header.end else { return nil }
        var docType: String?
        while reader.offset < headerEnd, let child = reader.element() {
            guard let end = child.end else { return nil }
            if child.id == 0x4282 { docType = String(decoding: bytes[reader.offset..<end].prefix { $0 != 0 }, as: UTF8.self) }
            reader.offset = end
        }
        guard let docType, let segment = reader.element(), segment.id == 0x1853_8067 else { return nil }
        let segmentEnd = segment.end ?? bytes.count
        while reader.offset < segmentEnd, let child = reader.element() {
            if child.id == 0x1F43_B675 { return nil }  // a Cluster: media data, no Tracks before it
            guard let end = child.end else { return nil }
            if child.id == 0x1654_AE6B {
                var streams = Streams()
                while reader.offset < end, let entry = reader.element() {
                    guard let entryEnd = entry.end else { return nil }
                    if entry.id == 0xAE {
                        while reader.offset < entryEnd, let field = reader.element() {
                            guard let fieldEnd = field.end else { return nil }
                            if field.id == 0x83, fieldEnd - reader.offset == 1 {
                                if bytes[reader.offset] == 1 { streams.video = true }
                                if bytes[reader.offset] == 2 { streams.audio = true }
                            }
                            reader.offset = fieldEnd
                        }
                    }
                    reader.offset = entryEnd
                }
                return (docType, streams)
            }
            reader.offset = end
        }
        return nil
    }

    /// Reads EBML element heads (a variable-length ID, then a variable-length size) from bytes.
    struct EBMLReader {
        let bytes: [UInt8]
        var offset = 0

        /// The next element's ID and the offset its data ends at (nil: unknown size, or past the
        /// bytes); the reader stands at its data. Nil at the end or on a malformed head.
        mutating func element() -> (id: UInt32, end: Int?)? {
            guard let (id, idLength) = number(at: offset, keepingMarker: true), idLength <= 4,
                let (size, sizeLength) = number(at: offset + idLength, keepingMarker: false)
            else { return nil }
            offset += idLength + sizeLength
            let unknown = size == (UInt64(1) << UInt64(7 * sizeLength)) - 1
            guard !unknown, size <= UInt64(bytes.count - offset) else { return (UInt32(id), nil) }
            return (UInt32(id), offset + Int(size))
        }

        /// A variable-length integer: its leading zeros give its length (1 to 8 bytes).
        private func number(at start: Int, keepingMarker: Bool) -> (UInt64, Int)? {
            guard start < bytes.count, bytes[start] != 0 else { return nil }
            let length = bytes[start].leadingZeroBitCount + 1
            guard start + length <= bytes.count else { return nil }
            var value = UInt64(keepingMarker ? bytes[start] : bytes[start] & (0xFF >> UInt8(length)))
            for byte in bytes[start + 1..<start + length] { value = value << 8 | UInt64(byte) }
            return (value, length)
        }
    }

    private static func little32(_ bytes: [UInt8], at offset: Int) -> UInt32 {
        (0..<4).reduce(0) { $0 | UInt32(bytes[offset + $1]) << UInt32(8 * $1) }
    }

    private static func little64(_ bytes: [UInt8], at offset: Int) -> UInt64 {
        (0..<8).reduce(0) { $0 | UInt64(bytes[offset + $1]) << UInt64(8 * $1) }
    }
}
