import CCompression
import CZlib
import FileAccess
import UniformTypes

/// `identify -z`: the first bytes of the stream a gzip, xz, bzip2 or Zstandard file holds, never
/// the whole of it. At most `Limits.uncompressBytes` are decoded, from at most 16 times as many
/// bytes of input; the decoders' memory is bounded (xz's memory limit,
/// Zstandard's largest window); a stream that expands more than `Limits.uncompressRatio` times
/// over what was decoded is refused as a decompression bomb.
public enum Uncompress {
    /// A compressed stream format, by its signature.
    public enum Format: String, CaseIterable, Sendable {
        case gzip, xz, bzip2, zstd

        /// The type of a file in this format.
        public var identifier: String {
            switch self {
            case .gzip: "org.gnu.gnu-zip-archive"
            case .xz: "org.tukaani.xz-archive"
            case .bzip2: "public.bzip2-archive"
            case .zstd: "com.facebook.zstandard-archive"
            }
        }

        /// The format whose signature `head` starts with: gzip (RFC 1952: 1F 8B, method 8), xz
        /// (the .xz file format: FD 37 7A 58 5A 00), bzip2 (BZh and a block size 1 to 9),
        /// Zstandard (RFC 8878: the frame magic 28 B5 2F FD).
        public static func of(_ head: some Collection<UInt8>) -> Format? {
            let bytes = Array(head.prefix(6))
            if bytes.starts(with: [0x1F, 0x8B, 0x08]) { return .gzip }
            if bytes.starts(with: [0xFD, 0x37, 0x7A, 0x58, 0x5A, 0x00]) { return .xz }
            if bytes.count >= 4, bytes.starts(with: [0x42, 0x5A, 0x68]), (0x31...0x39).contains(bytes[3]) { return .bzip2 }
            if bytes.starts(with: [0x28, 0xB5, 0x2F, 0xFD]) { return .zstd }
            return nil
        }

        /// The name of the stream inside a file named `name`: without the extension that says
        /// the compression (`page.ps.gz`: `page.ps`; `a.tgz`: `a.tar`); nil when it has none.
        public func innerName(of name: String) -> String? {
            guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
            let stem = String(name[..<dot])
            switch name[name.index(after: dot)...].lowercased() {
            case "gz", "z", "xz", "bz2", "bz", "zst", "zstd", "lzma": return stem
            case "tgz", "txz", "tbz", "tbz2", "tzst": return stem + ".tar"
            case "svgz": return stem + ".svg"
            default: return nil
            }
        }
    }

    /// The decoded beginning of a stream.
    public struct Stream: Sendable, Equatable {
        /// The stream's format.
        public let format: Format
        /// The first bytes it decodes to, at most `Limits.uncompressBytes`.
        public let bytes: [UInt8]
        /// Whether those are all it decodes to.
        public let isComplete: Bool
    }

    /// One step of a decoder: input consumed and output produced, whether the stream ended, or a
    /// failure.
    private enum Step {
        case progress(consumed: Int, produced: Int, ended: Bool)
        case failed(String)
    }

    /// The first bytes of the `format` stream that `read(count, offset)` gives the bytes of (nil
    /// past the end). Throws when the stream is damaged before it decodes anything, or when it is
    /// a decompression bomb.
    public static func firstBytes(
        of format: Format, subject: String, read: (_ count: Int, _ offset: Int) -> [UInt8]?, outputLimit: Int = Limits.uncompressBytes
    ) throws(UTIError) -> Stream {
        let decoder = try Decoder(format, subject: subject)
        var output = [UInt8](repeating: 0, count: outputLimit)
        var produced = 0
        var offset = 0
        var ended = false
        var inputEnded = false
        var pending: [UInt8] = []
        let inputLimit = Limits.uncompressBytes * 16
        while produced < outputLimit && !ended {
            if pending.isEmpty && !inputEnded {
                if offset < inputLimit, let chunk = read(64 << 10, offset), !chunk.isEmpty {
                    pending = chunk
                    offset += chunk.count
                } else {
                    inputEnded = true
                }
            }
            let finishing = inputEnded && pending.isEmpty
            let step = pending.withUnsafeBytes { input in
                output.withUnsafeMutableBytes { target in
                    decoder.step(input, UnsafeMutableRawBufferPointer(rebasing: target[produced...]), finishing: finishing)
                }
            }
            switch step {
            case .failed(let reason):
                guard produced > 0 else { throw UTIError(.invalidInput, "\(subject): a damaged \(format.rawValue) stream (\(reason))") }
                return Stream(format: format, bytes: Array(output[0..<produced]), isComplete: false)
            case .progress(let consumed, let made, let end):
                pending.removeFirst(consumed)
                produced += made
                ended = end
                // No progress: at the input's end the stream stops short (a truncated file); with
                // input at hand the decoder wants what it cannot have.
                if consumed == 0 && made == 0 && !end && (finishing || !pending.isEmpty) {
                    guard produced > 0 else { throw UTIError(.invalidInput, "\(subject): a damaged \(format.rawValue) stream (it ends early)") }
                    return Stream(format: format, bytes: Array(output[0..<produced]), isComplete: false)
                }
            }
        }
        let consumed = offset - pending.count
        if produced >= outputLimit, consumed > 0, produced / consumed > Limits.uncompressRatio {
            throw UTIError(
                .invalidInput,
                "\(subject): its \(format.rawValue) stream expands \(produced / consumed) times over its first \(consumed) bytes, a decompression bomb; exceeds uti's uncompress-ratio limit (\(Limits.uncompressRatio))"
            )
        }
        return Stream(format: format, bytes: Array(output[0..<produced]), isComplete: ended)
    }

    /// A decoder of one format over its library's stream. The streams live at one address for
    /// the decoder's life: zlib and libbz2 check that the stream they are given is the one they
    /// were started with.
    private final class Decoder {
        let format: Format
        private let zlib = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
        private let lzma = UnsafeMutablePointer<lzma_stream>.allocate(capacity: 1)
        private let bzip = UnsafeMutablePointer<bz_stream>.allocate(capacity: 1)
        private var zstd: OpaquePointer?
        /// Zstandard: whether the last call completed a frame.
        private var frameComplete = false
        private var started = false

        init(_ format: Format, subject: String) throws(UTIError) {
            self.format = format
            zlib.initialize(to: z_stream())
            lzma.initialize(to: uti_lzma_stream_init())
            bzip.initialize(to: bz_stream())
            switch format {
            case .gzip: started = uti_inflate_init_gzip(zlib) == Z_OK
            // 128 MiB: more than any preset of xz needs (-9e: 65 MiB), less than a hostile header asks.
            case .xz: started = lzma_stream_decoder(lzma, 128 << 20, uti_lzma_concatenated) == LZMA_OK
            case .bzip2: started = BZ2_bzDecompressInit(bzip, 0, 0) == BZ_OK
            case .zstd:
                zstd = ZSTD_createDCtx()
                // Windows up to 128 MiB (2^27): zstd's own default limit, stated.
                started = zstd.map { ZSTD_isError(ZSTD_DCtx_setParameter($0, ZSTD_d_windowLogMax, 27)) == 0 } ?? false
            }
            guard started else { throw UTIError(.ioError, "\(subject): cannot start a \(format.rawValue) decoder") }
        }

        deinit {
            if started {
                switch format {
                case .gzip: inflateEnd(zlib)
                case .xz: lzma_end(lzma)
                case .bzip2: BZ2_bzDecompressEnd(bzip)
                case .zstd: break
                }
            }
            if let zstd { ZSTD_freeDCtx(zstd) }
            zlib.deallocate()
            lzma.deallocate()
            bzip.deallocate()
        }

        /// Decodes from `input` into `output`; `finishing` once the input has ended (xz reports a
        /// concatenated stream's end only then).
        func step(_ input: UnsafeRawBufferPointer, _ output: UnsafeMutableRawBufferPointer, finishing: Bool) -> Step {
            let source = UnsafeMutablePointer(mutating: input.baseAddress?.assumingMemoryBound(to: UInt8.self))
            let target = output.baseAddress!.assumingMemoryBound(to: UInt8.self)
            switch format {
            case .gzip:
                zlib.pointee.next_in = source
                zlib.pointee.avail_in = uInt(input.count)
                zlib.pointee.next_out = target
                zlib.pointee.avail_out = uInt(output.count)
                let status = inflate(zlib, Z_NO_FLUSH)
                let consumed = input.count - Int(zlib.pointee.avail_in)
                let produced = output.count - Int(zlib.pointee.avail_out)
                switch status {
                case Z_STREAM_END: return .progress(consumed: consumed, produced: produced, ended: true)
                case Z_OK, Z_BUF_ERROR: return .progress(consumed: consumed, produced: produced, ended: false)
                default: return .failed(zlib.pointee.msg.map { String(cString: $0) } ?? "zlib error \(status)")
                }
            case .xz:
                lzma.pointee.next_in = UnsafePointer(source)
                lzma.pointee.avail_in = input.count
                lzma.pointee.next_out = target
                lzma.pointee.avail_out = output.count
                let status = lzma_code(lzma, finishing ? LZMA_FINISH : LZMA_RUN)
                let consumed = input.count - lzma.pointee.avail_in
                let produced = output.count - lzma.pointee.avail_out
                switch status {
                case LZMA_STREAM_END: return .progress(consumed: consumed, produced: produced, ended: true)
                case LZMA_OK, LZMA_BUF_ERROR: return .progress(consumed: consumed, produced: produced, ended: false)
                case LZMA_MEMLIMIT_ERROR: return .failed("it needs more memory than uti gives a decoder, 128 MiB")
                default: return .failed("liblzma error \(status.rawValue)")
                }
            case .bzip2:
                bzip.pointee.next_in = UnsafeMutableRawPointer(source)?.assumingMemoryBound(to: CChar.self)
                bzip.pointee.avail_in = UInt32(input.count)
                bzip.pointee.next_out = UnsafeMutableRawPointer(target).assumingMemoryBound(to: CChar.self)
                bzip.pointee.avail_out = UInt32(output.count)
                let status = BZ2_bzDecompress(bzip)
                let consumed = input.count - Int(bzip.pointee.avail_in)
                let produced = output.count - Int(bzip.pointee.avail_out)
                switch status {
                case BZ_STREAM_END: return .progress(consumed: consumed, produced: produced, ended: true)
                case BZ_OK: return .progress(consumed: consumed, produced: produced, ended: false)
                default: return .failed("libbz2 error \(status)")
                }
            case .zstd:
                var inBuffer = ZSTD_inBuffer(src: input.baseAddress, size: input.count, pos: 0)
                var outBuffer = ZSTD_outBuffer(dst: output.baseAddress, size: output.count, pos: 0)
                if finishing && input.isEmpty { return .progress(consumed: 0, produced: 0, ended: frameComplete) }
                let result = ZSTD_decompressStream(zstd, &outBuffer, &inBuffer)
                if ZSTD_isError(result) != 0 { return .failed(String(cString: ZSTD_getErrorName(result))) }
                // 0: a frame is complete and flushed; the stream ends where the input does after one.
                frameComplete = result == 0
                return .progress(consumed: inBuffer.pos, produced: outBuffer.pos, ended: false)
            }
        }
    }
}

extension TypeInferrer {
    /// `identify -z`: for a file that is a gzip, xz, bzip2 or Zstandard stream (by its signature),
    /// the inference of what the stream's first bytes are (`Uncompress.firstBytes`), under its name
    /// without the compression's extension, with `compression` naming the file's own type; any
    /// other inference as it is. A damaged stream or a decompression bomb is the record's error.
    /// `bytes` are the file's when they are in memory (standard input); otherwise it is read.
    public func uncompressed(_ inference: Inference, bytes: [UInt8]? = nil) -> Inference {
        guard inference.error == nil, inference.kind == .file || bytes != nil, let outer = inference.type else { return inference }
        let subject = inference.path.description
        // The stream `read` gives, when its first bytes are a compressed format's signature.
        func decode(_ read: (_ count: Int, _ offset: Int) -> [UInt8]?) -> Result<Uncompress.Stream, UTIError>? {
            guard let head = read(6, 0), let format = Uncompress.Format.of(head) else { return nil }
            return Result { () throws(UTIError) in try Uncompress.firstBytes(of: format, subject: subject, read: read) }
        }
        let decoded =
            bytes.map { decode(inMemoryReadUpTo($0)) }
            ?? withRegularFile(of: inference) { descriptor, _ in
                decode { count, offset in ZipDirectory.preadUpTo(descriptor, count: count, offset: offset).flatMap { $0.isEmpty ? nil : $0 } }
            }
        guard let decoded = decoded ?? nil else { return inference }
        switch decoded {
        case .failure(let error):
            var result = Inference(path: inference.path)
            result.kind = inference.kind
            result.size = inference.size
            result.error = error
            return result
        case .success(let stream):
            let name = inference.name?.value ?? inference.path.lastComponent
            var result = infer(
                bytes: stream.bytes, totalSize: stream.isComplete ? stream.bytes.count : stream.bytes.count + 1,
                name: stream.format.innerName(of: name), path: inference.path)
            result.kind = inference.kind ?? .file
            result.size = inference.size
            result.compression = Compression(type: outer, bytesDecoded: stream.bytes.count, isComplete: stream.isComplete)
            return result
        }
    }
}
