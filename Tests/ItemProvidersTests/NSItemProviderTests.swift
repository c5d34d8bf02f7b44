import Foundation
import ItemProviders
import Testing
import UTITestSupport
import UniformTypes

@testable import ItemProvidersCore

/// `NSItemProvider` as Apple's code calls it: completion handlers, `Data`, `URL`, `Progress`.
@Suite struct NSItemProviderTests {
    func waitFor<Value: Sendable>(_ start: (@escaping @Sendable (Value) -> Void) -> Void) async -> Value {
        await withCheckedContinuation { continuation in start { continuation.resume(returning: $0) } }
    }

    @Test func aFileProviderLoadsDataAndAFileCopy() async throws {
        let url = repositoryRoot.appendingPathComponent("Fixtures/files/photo.png")
        let provider = try #require(NSItemProvider(contentsOf: url))
        // The types `uti wrap` registers for the same file: its type, then its URL.
        #expect(provider.registeredTypeIdentifiers == ["public.png", "public.file-url", "public.url"])
        #expect(provider.suggestedName == "photo")
        #expect(provider.hasItemConformingToTypeIdentifier("public.image"))
        #expect(!provider.hasRepresentationConforming(toTypeIdentifier: "public.image", fileOptions: [.openInPlace]))
        let (data, error) = await waitFor { (done: @escaping @Sendable ((Data?, String?)) -> Void) in
            let progress = provider.loadDataRepresentation(forTypeIdentifier: "public.image") { data, error in done((data, error.map { "\($0)" })) }
            #expect(progress.totalUnitCount == 1)
        }
        #expect(error == nil)
        #expect(data == (try Data(contentsOf: url)))
        let copied = await waitFor { (done: @escaping @Sendable (String?) -> Void) in
            provider.loadFileRepresentation(forTypeIdentifier: "public.png") { file, _ in
                // The copy exists while the handler runs.
                done(file.flatMap { try? Data(contentsOf: $0) }.map { "\($0.count) bytes" })
            }
        }
        #expect(copied == "354 bytes")
    }

    @Test func registeredDataHandlersAndObjects() async throws {
        let provider = NSItemProvider()
        provider.registerDataRepresentation(forTypeIdentifier: "public.utf8-plain-text", visibility: .all) { completion in
            completion(Data("hello".utf8), nil)
            return nil
        }
        #expect(provider.canLoadObject(ofClass: String.self))
        let text = await waitFor { (done: @escaping @Sendable (String?) -> Void) in
            provider.loadObject(ofClass: String.self) { string, _ in done(string) }
        }
        #expect(text == "hello")
        let failing = NSItemProvider()
        failing.registerDataRepresentation(for: .png) { completion in
            completion(nil, UTIError(.ioError, "gone"))
            return nil
        }
        let message = await waitFor { (done: @escaping @Sendable (String?) -> Void) in
            failing.loadDataRepresentation(for: .png) { _, error in done(error.map { "\($0)" }) }
        }
        #expect(message == "gone")
        let object = NSItemProvider(object: URL(fileURLWithPath: "/tmp/x.txt"))
        #expect(object.registeredTypeIdentifiers == ["public.file-url", "public.url"])
    }
}
