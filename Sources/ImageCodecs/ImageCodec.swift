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

/// A class's image encoders: JPEG, PNG, GIF, WebP, TIFF and BMP decoded (libjpeg-turbo, libpng,
/// giflib, libwebp, libtiff; BMP from its specification) and written as PNG or JPEG (libpng,
/// libjpeg-turbo), bounded in pixels (`Limits.imagePixels`) and so in memory, for the classes
/// that encode one image format from another (a `UIImage` made from a GIF writes PNG and JPEG).
public enum ImageCodec {
    /// The JPEG quality uti writes (Apple does not publish what `UIImage` uses for its item
    /// provider's JPEG; 90 keeps the image close to its source).
    public static let jpegQuality: Int32 = 90

    /// A format a class decodes: its type, how it decodes, and how its size is read without
    /// decoding (what a dry run checks against `Limits.imagePixels`).
    public struct Decoder: Sendable {
        /// The converter names' prefix (`gif` in `gif-to-png`).
        public let name: String
        /// The type it reads.
        public let type: String
        /// The pixels.
        public let decode: @Sendable ([UInt8], String) throws(UTIError) -> RGBImage
        /// The width and height, or an error where the header does not read.
        public let dimensions: @Sendable ([UInt8], String) throws(UTIError) -> (width: Int, height: Int)
    }

    /// Every format whose pixels uti decodes for a class that encodes another (a UIImage made
    /// from a GIF writes PNG and JPEG), each through an established library, BMP from its
    /// specification.
    public static let decoders: [Decoder] = [
        Decoder(name: "jpeg", type: "public.jpeg", decode: decodeJPEG(_:label:), dimensions: jpegDimensions(_:label:)),
        Decoder(name: "png", type: "public.png", decode: decodePNG(_:label:), dimensions: pngDimensions(_:label:)),
        Decoder(name: "gif", type: "com.compuserve.gif", decode: decodeGIF(_:label:), dimensions: gifDimensions(_:label:)),
        Decoder(name: "webp", type: "org.webmproject.webp", decode: decodeWebP(_:label:), dimensions: webpDimensions(_:label:)),
        Decoder(name: "tiff", type: "public.tiff", decode: decodeTIFF(_:label:), dimensions: tiffDimensions(_:label:)),
        Decoder(name: "bmp", type: "com.microsoft.bmp", decode: BMP.decode(_:label:), dimensions: BMP.dimensions(_:label:)),
    ]

    /// The converters `Wrapper.objectProvider` may name for a class's types: every decoder to PNG
    /// (lossless: the pixels are kept, transparency composited onto black) and to JPEG (lossy),
    /// but for a format to itself. A dry run reads the image's size from its header and refuses
    /// one over `Limits.imagePixels`, as the load would.
    public static let converters: [Converter] = decoders.flatMap { decoder -> [Converter] in
        let targets: [(name: String, type: String, lossless: Bool, encode: @Sendable (RGBImage, String) throws(UTIError) -> [UInt8])] = [
            ("png", "public.png", true, { (image, label) throws(UTIError) in try encodePNG(image, label: label) }),
            ("jpeg", "public.jpeg", false, { (image, label) throws(UTIError) in try encodeJPEG(image, label: label) }),
        ]
        return targets.filter { $0.type != decoder.type }.map { target in
            Converter(
                name: "\(decoder.name)-to-\(target.name)", from: decoder.type, to: target.type, isLossless: target.lossless, cost: 4, objectOnly: true,
                check: { (input) throws(UTIError) in
                    let (width, height) = try decoder.dimensions(try input.bytes(), input.label)
                    try checkSize(width: width, height: height, label: input.label)
                }
            ) { (input, write) throws(UTIError) in
                try write(try target.encode(try decoder.decode(try input.bytes(), input.label), input.label)[...])
            }
        }
    }

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
            guard bytes[index] == 0xFF else {
                index += 1
                continue
            }
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
        let (columns, rows) = try jpegHeader(handle, bytes, label: label)
        try checkSize(width: columns, height: rows, label: label)
        let (width, height) = (Int32(columns), Int32(rows))
        var pixels = [UInt8](repeating: 0, count: columns * rows * 3)
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

    /// A JPEG's size from its header.
    static func jpegDimensions(_ bytes: [UInt8], label: String) throws(UTIError) -> (width: Int, height: Int) {
        guard let handle = tjInitDecompress() else { throw UTIError(.ioError, "\(label): libjpeg-turbo could not start") }
        defer { tjDestroy(handle) }
        return try jpegHeader(handle, bytes, label: label)
    }

    /// The size a JPEG's header gives, read with a decompressor the caller owns.
    private static func jpegHeader(_ handle: tjhandle, _ bytes: [UInt8], label: String) throws(UTIError) -> (width: Int, height: Int) {
        var width: Int32 = 0
        var height: Int32 = 0
        var subsampling: Int32 = 0
        var colorspace: Int32 = 0
        let header = bytes.withUnsafeBufferPointer { buffer in
            tjDecompressHeader3(handle, buffer.baseAddress, UInt(buffer.count), &width, &height, &subsampling, &colorspace)
        }
        guard header == 0 else { throw UTIError(.invalidInput, "\(label): not a JPEG libjpeg-turbo reads (\(message(handle)))") }
        return (Int(width), Int(height))
    }

    /// A PNG's size from its header.
    static func pngDimensions(_ bytes: [UInt8], label: String) throws(UTIError) -> (width: Int, height: Int) {
        var image = png_image()
        image.version = uti_png_image_version()
        let begun = bytes.withUnsafeBufferPointer { png_image_begin_read_from_memory(&image, $0.baseAddress, $0.count) }
        guard begun != 0 else { throw UTIError(.invalidInput, "\(label): not a PNG libpng reads (\(pngMessage(&image)))") }
        defer { png_image_free(&image) }
        return (Int(image.width), Int(image.height))
    }

    /// A WebP's size from its header (libwebp's WebPGetInfo).
    static func webpDimensions(_ bytes: [UInt8], label: String) throws(UTIError) -> (width: Int, height: Int) {
        var width: Int32 = 0
        var height: Int32 = 0
        let read = bytes.withUnsafeBufferPointer { WebPGetInfo($0.baseAddress, $0.count, &width, &height) }
        guard read != 0 else { throw UTIError(.invalidInput, "\(label): not a WebP libwebp reads") }
        return (Int(width), Int(height))
    }

    /// Decodes a still WebP to RGB through libwebp (an animated one is refused, as libwebp's
    /// simple API does); alpha is dropped.
    public static func decodeWebP(_ bytes: [UInt8], label: String) throws(UTIError) -> RGBImage {
        let (width, height) = try webpDimensions(bytes, label: label)
        try checkSize(width: width, height: height, label: label)
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        let decoded = bytes.withUnsafeBufferPointer { source in
            pixels.withUnsafeMutableBufferPointer { target in
                WebPDecodeRGBInto(source.baseAddress, source.count, target.baseAddress, target.count, Int32(width * 3))
            }
        }
        guard decoded != nil else { throw UTIError(.invalidInput, "\(label): the WebP does not decode (libwebp's simple API reads still images)") }
        return RGBImage(width: width, height: height, pixels: pixels)
    }

    /// What giflib's and libtiff's readers in the C shim answer, as an image or an error.
    private typealias ShimDecode = (
        UnsafePointer<UInt8>?, Int, UInt64, Int32, UnsafeMutablePointer<UInt32>?, UnsafeMutablePointer<UInt32>?,
        UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>?, UnsafeMutablePointer<CChar>?, Int
    ) -> Int32

    private static func shimImage(
        _ decode: ShimDecode, _ bytes: [UInt8], format: String, dimensionsOnly: Bool, label: String
    ) throws(UTIError) -> (size: (width: Int, height: Int), image: RGBImage) {
        var width: UInt32 = 0
        var height: UInt32 = 0
        var output: UnsafeMutablePointer<UInt8>?
        var message = [CChar](repeating: 0, count: 256)
        let status = bytes.withUnsafeBufferPointer { source in
            message.withUnsafeMutableBufferPointer { text in
                decode(
                    source.baseAddress, source.count, UInt64(Limits.imagePixels), dimensionsOnly ? 1 : 0, &width, &height, &output,
                    text.baseAddress, text.count)
            }
        }
        defer { free(output) }
        switch Int(status) {
        case UTI_IMAGE_OK:
            let count = dimensionsOnly ? 0 : Int(width) * Int(height) * 3
            let pixels = output.map { Array(UnsafeBufferPointer(start: $0, count: count)) } ?? []
            return ((Int(width), Int(height)), RGBImage(width: Int(width), height: Int(height), pixels: pixels))
        case UTI_IMAGE_TOO_LARGE:
            throw Limits.exceeded("\(label): a \(width)×\(height) image", "image-pixels", Limits.imagePixels)
        default:
            let why = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw UTIError(.invalidInput, "\(label): the \(format) does not decode (\(why.isEmpty ? "unknown error" : why))")
        }
    }

    /// A GIF's logical screen size (giflib).
    static func gifDimensions(_ bytes: [UInt8], label: String) throws(UTIError) -> (width: Int, height: Int) {
        try shimImage(uti_gif_decode, bytes, format: "GIF", dimensionsOnly: true, label: label).size
    }

    /// Decodes a GIF's first image on its logical screen to RGB through giflib (an animated GIF
    /// as a still, as ImageIO's first frame); transparent pixels are black.
    public static func decodeGIF(_ bytes: [UInt8], label: String) throws(UTIError) -> RGBImage {
        try shimImage(uti_gif_decode, bytes, format: "GIF", dimensionsOnly: false, label: label).image
    }

    /// A TIFF's first image's size (libtiff).
    static func tiffDimensions(_ bytes: [UInt8], label: String) throws(UTIError) -> (width: Int, height: Int) {
        try shimImage(uti_tiff_decode, bytes, format: "TIFF", dimensionsOnly: true, label: label).size
    }

    /// Decodes a TIFF's first image to RGB through libtiff's RGBA interface; transparency is
    /// composited onto black.
    public static func decodeTIFF(_ bytes: [UInt8], label: String) throws(UTIError) -> RGBImage {
        try shimImage(uti_tiff_decode, bytes, format: "TIFF", dimensionsOnly: false, label: label).image
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
