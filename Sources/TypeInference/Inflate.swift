import CZlib

/// Raw DEFLATE (RFC 1951, zip's method 8) inflated by zlib, never past a bound.
enum Inflate {
    /// The inflated bytes, or nil when they are damaged or would be more than `limit`.
    static func raw(_ input: [UInt8], limit: Int) -> [UInt8]? {
        var stream = z_stream()
        guard uti_inflate_init_raw(&stream) == Z_OK else { return nil }
        defer { inflateEnd(&stream) }
        var output = [UInt8](repeating: 0, count: min(limit, max(4096, input.count * 4)))
        var input = input
        return input.withUnsafeMutableBufferPointer { source -> [UInt8]? in
            stream.next_in = source.baseAddress
            stream.avail_in = uInt(source.count)
            var produced = 0
            while true {
                if produced == output.count {
                    guard output.count < limit else { return nil }
                    output += [UInt8](repeating: 0, count: min(limit - output.count, output.count))
                }
                let status = output.withUnsafeMutableBufferPointer { target -> Int32 in
                    stream.next_out = target.baseAddress! + produced
                    stream.avail_out = uInt(target.count - produced)
                    let status = inflate(&stream, Z_NO_FLUSH)
                    produced = target.count - Int(stream.avail_out)
                    return status
                }
                switch status {
                case Z_STREAM_END: return Array(output[0..<produced])
                case Z_OK: continue
                case Z_BUF_ERROR where produced < output.count: return nil  // no progress: the input ended early
                case Z_BUF_ERROR: continue  // the output is full: grow it
                default: return nil
                }
            }
        }
    }
}
