import Foundation
import Hummingbird
import UniformTypes

// The executable is the one place that reads the process: its environment and its arguments.
//   Server [--port N] [--tenants FOLDER]
// POST /identify with the upload as the body; ?name=FILE gives the name it came with, and
// ?tenant=NAME the catalog (tenants/NAME.json's declarations over the system's types).
var arguments = CommandLine.arguments.dropFirst()[...]
var port = 8080
var tenantsFolder = "tenants"
while let argument = arguments.popFirst() {
    switch argument {
    case "--port": port = arguments.popFirst().flatMap(Int.init) ?? port
    case "--tenants": tenantsFolder = arguments.popFirst() ?? tenantsFolder
    default:
        print("usage: Server [--port N] [--tenants FOLDER]")
        exit(2)
    }
}

var tenants: [String: [UInt8]] = [:]
if let folder = opendir(tenantsFolder) {
    while let entry = readdir(folder) {
        let file = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        guard file.hasSuffix(".json"), let handle = fopen(tenantsFolder + "/" + file, "rb") else { continue }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while case let count = fread(&chunk, 1, chunk.count, handle), count > 0 { bytes += chunk[..<count] }
        fclose(handle)
        tenants[String(file.dropLast(5))] = bytes
    }
    closedir(folder)
}

let identification = try Identification(environment: Environment(cStrings: environ), tenants: tenants)
let router = Router()
router.post("identify") { request, context -> Response in
    let tenant = request.uri.queryParameters["tenant"].map(String.init)
    guard let catalog = identification.catalog(forTenant: tenant) else {
        return Response(status: .notFound, body: ResponseBody(byteBuffer: ByteBuffer(string: "no tenant \(tenant ?? "")\n")))
    }
    let body = try await request.body.collect(upTo: Identification.uploadLimit)
    let answer = identification.identify(Array(body.readableBytesView), name: request.uri.queryParameters["name"].map(String.init), in: catalog)
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    var headers = HTTPFields()
    headers[.contentType] = "application/json"
    return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: try encoder.encode(answer) + [0x0A])))
}
let application = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: port)))
try await application.runService()
