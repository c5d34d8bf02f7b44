import FileAccess
import Foundation
import Testing
import UTITestSupport
import UniformTypes

@testable import TypeInference

/// Formats uti's own rules and compound-file readers tell by their specifications' signatures,
/// by content alone.
@Suite struct SignatureTests {
    @Test(arguments: [
        ("pixel.jls", "org.jpeg.jpeg-ls"), ("photo.j2k", "org.jpeg.jpeg-2000-codestream"),
        ("extension.crx", "com.google.chrome-extension"), ("message.msg", "com.microsoft.outlook.message"),
        ("photo.jpg", "public.jpeg"),
    ])
    func eachIsToldByItsSignature(file: String, expected: String) throws {
        let bytes = try FileContents.read(path: repositoryRoot.appendingPathComponent("Fixtures/files/\(file)").path)
        let inference = try makeInferrer().infer(bytes: bytes, totalSize: bytes.count, name: nil, path: RawPath("-"))
        #expect(inference.type?.identifier == expected)
    }

    @Test func aJPEGLSImageIsNotAJPEGDecodersRead() throws {
        #expect(UTType("org.jpeg.jpeg-ls")?.conforms(to: .jpeg) == false)
        #expect(UTType("org.jpeg.jpeg-ls")?.conforms(to: .image) == true)
    }
}
