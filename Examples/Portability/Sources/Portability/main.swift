import Foundation

// Written as an app would use Apple's framework; only the import differs on Linux.
#if canImport(UniformTypeIdentifiers)
import UniformTypeIdentifiers
#else
import UniformTypes
import ItemProviders
#endif

func show(_ label: String, _ value: Any?) {
    print("\(label): \(value.map { "\($0)" } ?? "nil")")
}

// Static types and their facts.
show("png", UTType.png.identifier)
show("heic extension", UTType.heic.preferredFilenameExtension)
show("webP MIME", UTType.webP.preferredMIMEType)
show("pdf description", UTType.pdf.localizedDescription)
show("mpeg4Movie is a movie", UTType.mpeg4Movie.conforms(to: .movie))
show("commaSeparatedText is text", UTType.commaSeparatedText.conforms(to: .text))
show("swiftSource is a subtype of sourceCode", UTType.swiftSource.isSubtype(of: .sourceCode))
show("image is a supertype of rawImage", UTType.image.isSupertype(of: .rawImage))
show("usdz supertypes include data", UTType.usdz.supertypes.contains(.data))
show("yaml is public", UTType.yaml.isPublic)
show("vCard is declared", UTType.vCard.isDeclared)
show("epub is dynamic", UTType.epub.isDynamic)
show("pythonScript", UTType.pythonScript)
show("zip tags", UTType.zip.tags[.filenameExtension])

// Lookups by tag.
show("jpg", UTType(filenameExtension: "jpg")?.identifier)
show("md as text", UTType(filenameExtension: "md", conformingTo: .text)?.identifier)
show("image/gif", UTType(mimeType: "image/gif")?.identifier)
show("text/csv as text", UTType(mimeType: "text/csv", conformingTo: .text)?.identifier)
show("by identifier", UTType("public.mp3")?.localizedDescription)
show("by tag", UTType(tag: "tiff", tagClass: .filenameExtension, conformingTo: .image)?.identifier)
show("all for htm", UTType.types(tag: "htm", tagClass: .filenameExtension, conformingTo: nil).map(\.identifier))
show("mime tag class", UTTagClass.mimeType.rawValue)
let unknown = UTType(filenameExtension: "qqzz")
show("unknown extension is dynamic", unknown?.isDynamic)
show("unknown extension conforms to data", unknown?.conforms(to: .data))

// Types a program declares.
let notes = UTType(exportedAs: "com.example.portability.notes", conformingTo: .plainText)
show("exported", notes.identifier)
show("exported conforms to text", notes.conforms(to: .text))
let sketch = UTType(importedAs: "com.example.portability.sketch", conformingTo: .image)
show("imported conforms to image", sketch.conforms(to: .image))

// Values: Hashable, Codable, CustomStringConvertible.
let set: Set<UTType> = [.png, .jpeg, .png]
show("set count", set.count)
let encoded = try JSONEncoder().encode([UTType.gif, .tiff])
show("encoded", String(decoding: encoded, as: UTF8.self))
show("decoded", try JSONDecoder().decode([UTType].self, from: encoded).map(\.identifier))
show("reference URL of markdown", UTType(filenameExtension: "md")?.referenceURL?.absoluteString)
show("version of png", UTType.png.version)

// Item providers, as a drag source makes one and a drop target loads it.
let supertypes: Set<UTType> = UTType.png.supertypes
show("png supertypes are a set containing image", supertypes.contains(.image))
let provider = NSItemProvider(contentsOf: URL(fileURLWithPath: "Fixtures/files/photo.png"))!
show("registered", provider.registeredTypeIdentifiers)
show("has an image", provider.hasItemConformingToTypeIdentifier(UTType.image.identifier))
let loaded = DispatchSemaphore(value: 0)
let progress = provider.loadDataRepresentation(forTypeIdentifier: UTType.png.identifier) { data, error in
    show("loaded bytes", data?.count)
    show("load error", error)
    loaded.signal()
}
loaded.wait()
show("progress total", progress.totalUnitCount)
let text = NSItemProvider()
text.registerDataRepresentation(forTypeIdentifier: UTType.utf8PlainText.identifier, visibility: .all) { completion in
    completion(Data("dropped text".utf8), nil)
    return nil
}
show("text can load a String", text.canLoadObject(ofClass: String.self))
_ = text.loadObject(ofClass: String.self) { string, _ in
    show("loaded string", string)
    loaded.signal()
}
loaded.wait()
