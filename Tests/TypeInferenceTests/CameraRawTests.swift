import FileAccess
import Foundation
import Testing
import UTITestSupport
import UniformTypes

@testable import TypeInference

/// Camera raws by their structure, without their names: a NEF is not a TIFF an image decoder
/// takes (Fixtures/make-raws writes each from its specification).
@Suite struct CameraRawTests {
    @Test(arguments: [
        ("sensor.dng", "com.adobe.raw-image"), ("sensor.nef", "com.nikon.raw-image"), ("sensor.arw", "com.sony.arw-raw-image"),
        ("sensor.pef", "com.pentax.raw-image"), ("sensor.cr2", "com.canon.cr2-raw-image"), ("sensor.cr3", "com.canon.cr3-raw-image"),
        ("sensor.orf", "com.olympus.raw-image"), ("sensor.rw2", "com.panasonic.rw2-raw-image"), ("sensor.raf", "com.fuji.raw-image"),
        ("nikon-scan.tif", "public.tiff"), ("photo.tiff", "public.tiff"), ("camera.dng", "public.tiff"),
    ])
    func aRawIsToldByItsStructureAlone(file: String, expected: String) throws {
        let bytes = try FileContents.read(path: repositoryRoot.appendingPathComponent("Fixtures/files/\(file)").path)
        let inferrer = try TypeInferrer(catalog: .builtIn, database: systemDatabase, sniffer: MagicSniffer())
        let inference = inferrer.infer(bytes: bytes, totalSize: bytes.count, name: nil, path: RawPath("-"))
        #expect(inference.type?.identifier == expected)
        if expected != "public.tiff" {
            #expect(inference.type?.conforms(to: UTType("public.camera-raw-image")!) == true)
            #expect(inference.type?.conforms(to: .tiff) == false, "a raw is not a TIFF image decoders read")
        }
    }

    @Test func aRawNamedAsATIFFIsTheRawWithTheMismatch() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("uti-raw-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let renamed = folder.appendingPathComponent("holiday.tif")
        try FileManager.default.copyItem(at: repositoryRoot.appendingPathComponent("Fixtures/files/sensor.nef"), to: renamed)
        let inference = try TypeInferrer(catalog: .builtIn, database: systemDatabase, sniffer: MagicSniffer()).infer(RawPath(renamed.path))
        #expect(inference.type?.identifier == "com.nikon.raw-image")
        #expect(inference.mismatch?.extension?.identifier == "public.tiff")
    }

    @Test func truncatedAndLoopingDirectoriesEndTheRead() {
        // An IFD whose next pointer is itself, and one claiming more entries than the bytes hold.
        var looping: [UInt8] = Array("II*\u{0}".utf8) + [8, 0, 0, 0, 1, 0] + [0x06, 0x01, 3, 0, 1, 0, 0, 0, 2, 0, 0, 0] + [8, 0, 0, 0]
        #expect(CameraRaw.type(looping) == nil)
        looping[8] = 0xFF
        #expect(CameraRaw.type(looping) == nil)
        #expect(CameraRaw.type(Array("II*\u{0}".utf8) + [0xFF, 0xFF, 0xFF, 0x7F]) == nil)
    }
}
