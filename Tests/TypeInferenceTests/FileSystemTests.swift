import FileAccess
import Foundation
import Testing
import TypeInference
import UTITestSupport
import UniformTypes

/// A fresh temporary directory, removed when the test ends.
final class Scratch {
    let url: URL
    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("uti-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }
    deinit { try? FileManager.default.removeItem(at: url) }
    func path(_ name: String) -> String { url.appendingPathComponent(name).path }
}

/// Runs `body` on another thread and fails the test if it takes longer than `seconds`.
func withinTimeout<T: Sendable>(_ seconds: Double, _ body: @escaping @Sendable () -> T) -> T? {
    let done = DispatchSemaphore(value: 0)
    nonisolated(unsafe) var result: T?
    Thread.detachNewThread {
        result = body()
        done.signal()
    }
    guard done.wait(timeout: .now() + seconds) == .success else {
        Issue.record("did not return within \(seconds) s")
        return nil
    }
    return result
}

@Suite struct FileSystemTests {
    @Test func fifoWithNoWriterIsNeverOpened() throws {
        let scratch = try Scratch()
        let fifo = scratch.path("pipe")
        #expect(mkfifo(fifo, 0o644) == 0)
        let inference = withinTimeout(5) { (try? makeInferrer().infer(RawPath(fifo))) ?? Inference(path: RawPath(fifo)) }
        #expect(inference?.type?.identifier == "public.named-pipe")
        #expect(inference?.kind == .fifo)
        #expect(inference?.decidedBy == .filesystem)
        let followed = withinTimeout(5) { (try? makeInferrer(follow: true).infer(RawPath(fifo))) ?? Inference(path: RawPath(fifo)) }
        #expect(followed?.type?.identifier == "public.named-pipe")
    }

    @Test func devicesAreTypedWithoutReading() throws {
        let zero = withinTimeout(5) { (try? makeInferrer(follow: true).infer(RawPath("/dev/zero"))) ?? Inference(path: RawPath("/dev/zero")) }
        #expect(zero?.type?.identifier == "public.character-special")
        #expect(zero?.kind == .charDevice)
        #expect(zero?.size == nil)
    }

    @Test func socketIsTyped() throws {
        let scratch = try Scratch()
        let path = scratch.path("s")
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(descriptor) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (index, byte) in path.utf8.enumerated() where index < raw.count - 1 { raw[index] = byte }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        #expect(bound == 0)
        #expect(try makeInferrer().infer(RawPath(path)).type?.identifier == "public.socket")
    }

    @Test func hugeSparseFileIsReadOnlyUpToTheBound() throws {
        let scratch = try Scratch()
        let path = scratch.path("sparse")
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        #expect(truncate(path, 10_000_000_000) == 0)
        let inference = withinTimeout(10) { (try? makeInferrer().infer(RawPath(path))) ?? Inference(path: RawPath(path)) }
        #expect(inference?.size == 10_000_000_000)
        #expect(inference?.type == .data)
        #expect(inference?.error == nil)
    }

    @Test func symlinksAreLinksUnlessFollowed() throws {
        let link = fixturePath("link-to-photo")
        #expect(try makeInferrer().infer(link).type == .symbolicLink)
        #expect(try makeInferrer(follow: true).infer(link).type == .png)
        let broken = fixturePath("broken-link")
        #expect(try makeInferrer().infer(broken).type == .symbolicLink)
        let followed = try makeInferrer(follow: true).infer(broken)
        #expect(followed.type == nil)
        #expect(followed.error?.code == .notFound)
    }

    @Test func missingPathIsAnErrorRecordNamingThePath() throws {
        let inference = try makeInferrer().infer(RawPath("/nonexistent/uti/file.png"))
        #expect(inference.type == nil)
        #expect(inference.error?.code == .notFound)
        #expect(inference.error?.message == "/nonexistent/uti/file.png: no such file or directory")
    }

    @Test func packagesAndFolders() throws {
        #expect(try makeInferrer().infer(fixturePath("Sample.app")).type?.identifier == "com.apple.application-bundle")
        #expect(try makeInferrer().infer(fixturePath("Notes.rtfd")).type?.identifier == "com.apple.rtfd")
        let folder = try makeInferrer().infer(fixturePath("plain-folder"))
        #expect(folder.type == .folder)
        #expect(folder.decidedBy == .filesystem)
    }

    @Test func nonUTF8NamesAreUsedAsBytes() throws {
        let scratch = try Scratch()
        var bytes = Array(scratch.url.path.utf8) + Array("/caf".utf8) + [0xE9] + Array(".json".utf8)
        let path = RawPath(bytes: bytes)
        let descriptor = path.withCString { open($0, O_CREAT | O_WRONLY, 0o644) }
        #expect(descriptor >= 0)
        _ = "{\"a\": 1}".withCString { write(descriptor, $0, 8) }
        close(descriptor)
        let inference = try makeInferrer().infer(path)
        #expect(inference.type == .json)
        #expect(inference.path.bytes == bytes)
        bytes.removeAll()
    }

    @Test func mimeTypeIsGivenEvenWhenTheCatalogHasNoneForTheType() throws {
        let elf = try makeInferrer().infer(fixturePath("hello-elf"))
        #expect(elf.type?.identifier == "public.elf-binary")
        #expect(elf.mimeType == "application/x-pie-executable", "read from the header as libmagic reads it")
        #expect(try makeInferrer().infer(fixturePath("hello.o")).mimeType == "application/x-object")
        #expect(try makeInferrer().infer(fixturePath("settings-binary.plist")).mimeType == "application/x-bplist")
    }

    @Test func mismatchIsReported() throws {
        let inference = try makeInferrer().infer(fixturePath("png-named.txt"))
        #expect(inference.type == .png)
        #expect(inference.mismatch == Mismatch(content: .png, extension: .plainText))
        #expect(inference.mimeType == "image/png")
        #expect(inference.content?.mimeType == "image/png")
    }

    @Test func customDeclarationsTakePartInNameEvidence() throws {
        let catalog = try TypeCatalog.builtIn.adding(contentsOf: [
            repositoryRoot.appendingPathComponent("Fixtures/types/recipes.json").path
        ])
        let scratch = try Scratch()
        let path = scratch.path("dinner.recipe")
        try Data("{\"name\": \"soup\"}".utf8).write(to: URL(fileURLWithPath: path))
        let inference = try makeInferrer(catalog: catalog).infer(RawPath(path))
        #expect(inference.type?.identifier == "org.example.recipe")
        #expect(inference.decidedBy == .both)
    }
}

/// libmagic on a whole file, for compound storage whose directory lies past the first 64 KiB.
@Suite struct WholeFileSniffingTests {
    @Test func libmagicReadsAnOpenFileFromItsStart() throws {
        let sniffer = try MagicSniffer()
        let descriptor = open(fixturePath("letter.doc").description, O_RDONLY)
        #expect(descriptor >= 0)
        defer { close(descriptor) }
        // Even from the middle of the file (as the inferrer leaves it after its first read).
        lseek(descriptor, 4096, SEEK_SET)
        #expect(lseek(descriptor, 0, SEEK_SET) == 0)
        #expect(sniffer.sniff(descriptor: descriptor)?.mimeType == "application/msword")
    }
}
