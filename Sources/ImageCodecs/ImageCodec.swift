import CImage
import ItemProvidersCore
import UniformTypes

/// Decoded pixels: 8-bit RGB, rows top to bottom, no padding.
public struct RGBImage: Sendable, Equatable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// The pixels, RGBA, 8 bits a channel, row by row.
    public let pixels: [UInt8]
}

/// PNG and JPEG through libpng's simplified API and libjpeg-turbo's TurboJPEG API, bounded in
/// pixels (`Limits.imagePixels`) and so in memory, for the classes that encode one image format
/// from another (a `UIImage` made from a JPEG writes PNG, and the other way).
public enum ImageCodec {
    /// The JPEG quality uti writes (Apple does not publish what `UIImage` uses for its item
    /// provider's JPEG; 90 keeps the image close to its source).
    public static let jpegQuality: Int32 = 90

    /// The converters `Wrapper.objectProvider` may name for a class's types.
    public static let converters: [Converter] = [
        Converter(name: "jpeg-to-png", from: "public.jpeg", to: "public.png", isLossless: true, cost: 4, objectOnly: true) {
            (input, write) throws(UTIError) in
            try write(try encodePNG(try decodeJPEG(try input.bytes(), label: input.label), label: input.label)[...])
        },
        Converter(name: "png-to-jpeg", from: "public.png", to: "public.jpeg", isLossless: false, cost: 4, objectOnly: true) {
            (input, write) throws(UTIError) in
            try write(try encodeJPEG(try decodePNG(try input.bytes(), label: input.label), label: input.label)[...])
        },
    ]

    /// The built-in converters and these.
    public static let registry = ConverterRegistry(converters: ConverterRegistry.builtIn.converters + converters)

    static func checkSize(width: Int, height: Int, label: String) throws(UTIError) {
        guard width > 0, height > 0 else { throw UTIError(.invalidInput, "\(label): the image has no pixels (\(width)×\(height))") }
        guard width.multipliedReportingOverflow(by: height).partialValue <= Limits.imagePixels, width <= Limits.imagePixels, height <= Limits.imagePixels
        else { throw Limits.exceeded("\(label): a \(width)×\(height) image", "image-pixels", Limits.imagePixels) }
    }

    /// The number of scans (start-of-scan markers) in a JPEG, counted up to `limit + 1`: segments
    /// are skipped by their lengths and entropy-coded data to the next marker, in one pass.
    public static func jpegScanCount(_ bytes: [UInt8], limit: Int = Limits.jpegScans) -> Int {
        var scans = 0
        var index = 2  // after SOI
        while index + 1 < bytes.count, scans <= limit {
            guard bytes[index] == 0xFF else { index += 1; continue }
            let marker = bytes[index + 1]
            index += 2
            switch marker {
            case 0xFF:
                index -= 1  // fill bytes before a marker
            case 0xD9:
                return scans  // EOI
            case 0x00, 0x01, 0xD0...0xD7:
                continue  // no length
            default:
                guard index + 1 < bytes.count else { return scans }
                let length = Int(bytes[index]) << 8 | Int(bytes[index + 1])
                index += length
                guard marker == 0xDA else { continue }
                scans += 1
                // Entropy-coded data runs to the next marker that is not a stuffed 0xFF00 or a
                // restart marker.
                while index + 1 < bytes.count {
                    if bytes[index] == 0xFF, bytes[index + 1] != 0x00, !(0xD0...0xD7).contains(bytes[index + 1]) { break }
                    index += 1
                }
            }
        }
        return scans
    }

    /// Decodes a JPEG to RGB: at most `Limits.imagePixels` pixels and `Limits.jpegScans` scans.
    public static func decodeJPEG(_ bytes: [UInt8], label: String) throws(UTIError) -> RGBImage {
        let scans = jpegScanCount(bytes)
        guard scans <= Limits.jpegScans else {
            throw Limits.exceeded("\(label): a JPEG of more than \(Limits.jpegScans) scans", "jpeg-scans", Limits.jpegScans)
        }
        guard let handle = tjInitDecompress() else { throw UTIError(.ioError, "\(label): libjpeg-turbo could not start") }
        defer { tjDestroy(handle) }
        var width: Int32 = 0, height: Int32 = 0, subsampling: Int32 = 0, colorspace: Int32 = 0
        let header = bytes.withUnsafeBufferPointer { buffer in
            tjDecompressHeader3(handle, buffer.baseAddress, UInt(buffer.count), &width, &height, &subsampling, &colorspace)
        }
        guard header == 0 else { throw UTIError(.invalidInput, "\(label): not a JPEG libjpeg-turbo reads (\(message(handle)))") }
        try checkSize(width: Int(width), height: Int(height), label: label)
        var pixels = [UInt8](repeating: 0, count: Int(width) * Int(height) * 3)
        let status = bytes.withUnsafeBufferPointer { source in
            pixels.withUnsafeMutableBufferPointer { target in
                tjDecompress2(
                    handle, source.baseAddress, UInt(source.count), target.baseAddress, width, 0, height, Int32(TJPF_RGB.rawValue), TJFLAG_LIMITSCANS)
            }
        }
        // A warning (a truncated file that still decodes) is not an error; an error is.
        if status != 0 && tjGetErrorCode(handle) == Int32(TJERR_FATAL.rawValue) {
            throw UTIError(.invalidInput, "\(label): the JPEG does not decode (\(message(handle)))")
        }
        return RGBImage(width: Int(width), height: Int(height), pixels: pixels)
    }

    /// Encodes RGB as a baseline JPEG (4:2:0, `jpegQuality`).
    public static func encodeJPEG(_ image: RGBImage, label: String) throws(UTIError) -> [UInt8] {
        guard let handle = tjInitCompress() else { throw UTIError(.ioError, "\(label): libjpeg-turbo could not start") }
        defer { tjDestroy(handle) }
        var output: UnsafeMutablePointer<UInt8>?
        var size: UInt = 0
        let status = image.pixels.withUnsafeBufferPointer { source in
            tjCompress2(
                handle, source.baseAddress, Int32(image.width), 0, Int32(image.height), Int32(TJPF_RGB.rawValue),
                &output, &size, Int32(TJSAMP_420.rawValue), jpegQuality, 0)
        }
        defer { if let output { tjFree(output) } }
        guard status == 0, let output else { throw UTIError(.ioError, "\(label): JPEG encoding failed (\(message(handle)))") }
        return Array(UnsafeBufferPointer(start: output, count: Int(size)))
    }

    /// Decodes a PNG to RGB; transparency is composited onto black, as a JPEG cannot hold it.
    public static func decodePNG(_ bytes: [UInt8], label: String) throws(UTIError) -> RGBImage {
        var image = png_image()
        image.version = uti_png_image_version()
        let begun = bytes.withUnsafeBufferPointer { png_image_begin_read_from_memory(&image, $0.baseAddress, $0.count) }
        guard begun != 0 else { throw UTIError(.invalidInput, "\(label): not a PNG libpng reads (\(pngMessage(&image)))") }
        defer { png_image_free(&image) }
        try checkSize(width: Int(image.width), height: Int(image.height), label: label)
        image.format = UInt32(PNG_FORMAT_RGB)
        var pixels = [UInt8](repeating: 0, count: Int(image.width) * Int(image.height) * 3)
        let finished = pixels.withUnsafeMutableBufferPointer { png_image_finish_read(&image, nil, $0.baseAddress, 0, nil) }
        guard finished != 0 else { throw UTIError(.invalidInput, "\(label): the PNG does not decode (\(pngMessage(&image)))") }
        return RGBImage(width: Int(image.width), height: Int(image.height), pixels: pixels)
    }

    /// Encodes RGB as a PNG.
    public static func encodePNG(_ image: RGBImage, label: String) throws(UTIError) -> [UInt8] {
        var png = png_image()
        png.version = uti_png_image_version()
        png.width = UInt32(image.width)
        png.height = UInt32(image.height)
        png.format = UInt32(PNG_FORMAT_RGB)
        var size = 0
        // The first call measures, the second writes.
        let measured = image.pixels.withUnsafeBufferPointer { png_image_write_to_memory(&png, nil, &size, 0, $0.baseAddress, 0, nil) }
        guard measured != 0, size > 0 else { throw UTIError(.ioError, "\(label): PNG encoding failed (\(pngMessage(&png)))") }
        var output = [UInt8](repeating: 0, count: size)
        let written = image.pixels.withUnsafeBufferPointer { source in
            output.withUnsafeMutableBufferPointer { png_image_write_to_memory(&png, $0.baseAddress, &size, 0, source.baseAddress, 0, nil) }
        }
        guard written != 0 else { throw UTIError(.ioError, "\(label): PNG encoding failed (\(pngMessage(&png)))") }
        return Array(output[..<size])
    }

    private static func message(_ handle: tjhandle) -> String {
        tjGetErrorStr2(handle).map { String(cString: $0) } ?? "unknown error"
    }

    private static func pngMessage(_ image: inout png_image) -> String {
        withUnsafeBytes(of: &image.message) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
    }
}
