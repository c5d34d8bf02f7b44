import Foundation
import SharedMIMEInfo
import Testing
import TypeInference
import UTITestSupport
import UniformTypes

@testable import UTICommands

/// Workers share one catalog and one database, whose tables are built on first use. CI runs this
/// suite under the thread sanitizer (`.ci/run`), where the `uti` processes it starts are
/// instrumented too: a race prints a report on standard error, which these tests read.
@Suite struct ConcurrencyTests {
    @Test func eightWorkersAnswerAsOneDoesWithoutARace() throws {
        // A fresh cache folder: the first run builds every lazy table while the workers start.
        let cache = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: cache) }
        let environment = ["XDG_CACHE_HOME": cache.path, "TSAN_OPTIONS": "halt_on_error=1"]
        let arguments = ["identify", "-r", "--format", "jsonl", "Fixtures/files", "Fixtures/hostile"]
        let parallel = try runProgram(utiExecutable.path, arguments + ["--jobs", "8"], environment: environment, timeout: 120)
        let serial = try runProgram(utiExecutable.path, arguments + ["--jobs", "1"], environment: environment, timeout: 120)
        #expect(!parallel.stderr.contains("ThreadSanitizer"), "\(parallel.stderr.prefix(4000))")
        #expect(parallel.stdout == serial.stdout)
        #expect(parallel.stdout.split(separator: "\n").count > 400)
    }

    @Test func inferencesOnManyTasksShareOneCatalogAndDatabase() async throws {
        let catalog = TypeCatalog.system(in: testEnvironment)
        let files = try FileManager.default.contentsOfDirectory(atPath: fixture("files")).sorted().map { fixture("files/\($0)") }
        func answers(_ inferrer: TypeInferrer, worker: Int, of workers: Int) -> [String] {
            files.indices.filter { $0 % workers == worker }.map { inferrer.infer(RawPath(files[$0])).type?.identifier ?? "-" }
        }
        // Eight tasks first, each with its own inferrer (one libmagic handle each), while the
        // catalog's and the database's tables are built; then one inferrer alone.
        let parallel = try await withThrowingTaskGroup(of: (Int, [String]).self) { group in
            for worker in 0..<8 {
                group.addTask {
                    (
                        worker,
                        answers(TypeInferrer(catalog: catalog, database: systemDatabase, sniffer: MagicSniffer.loadingWhenFirstAsked()), worker: worker, of: 8)
                    )
                }
            }
            var found = [[String]](repeating: [], count: 8)
            for try await (worker, list) in group { found[worker] = list }
            return found
        }
        let serial = answers(TypeInferrer(catalog: catalog, database: systemDatabase, sniffer: MagicSniffer.loadingWhenFirstAsked()), worker: 0, of: 1)
        for worker in 0..<8 {
            #expect(parallel[worker] == serial.indices.filter { $0 % 8 == worker }.map { serial[$0] })
        }
        #expect(serial.count > 300)
    }

    /// A server's requests, each with an environment of its own: one finds the test database (and
    /// its widget type), one has none. Inferences and whole commands of both run at once in one
    /// process, each answering as it does alone: no ambient context, no lock around a run, no
    /// process-wide standard input.
    @Test func requestsWithTheirOwnEnvironmentsRunAtOnce() async throws {
        let withDatabase = Environment(["XDG_DATA_DIRS": fixture("shared-mime-info"), "XDG_DATA_HOME": "/nonexistent", "UTI_CACHE": "0"])
        let withoutDatabase = Environment(["UTI_SHARED_MIME_INFO": "0", "UTI_CACHE": "0"])
        let upload = Array("WIDGET....v2 and more".utf8)
        @Sendable func inferred(_ environment: Environment) -> String {
            let inferrer = TypeInferrer.system(in: environment)
            return inferrer.infer(bytes: upload, totalSize: upload.count, name: "upload", path: RawPath("upload")).type?.identifier ?? "-"
        }
        @Sendable func identified(_ environment: Environment) -> String {
            let result = UTIContext.capturing(standardInput: upload, environment: environment) { context in
                UTIMain.run(arguments: ["identify", "-b", "-"], in: context)
            }
            return "\(result.status) " + String(decoding: result.standardOutput, as: UTF8.self)
        }
        let alone = (inferred(withDatabase), inferred(withoutDatabase), identified(withDatabase), identified(withoutDatabase))
        #expect(alone.0 == "org.freedesktop.mime.application.x-uti-widget")
        #expect(alone.1 != alone.0, "without the database the widget is not known")
        #expect(alone.2 == "0 org.freedesktop.mime.application.x-uti-widget\n")
        #expect(alone.3 == "0 \(alone.1)\n")
        let together = await withTaskGroup(of: (Int, String).self) { group in
            for task in 0..<16 {
                let environment = task % 2 == 0 ? withDatabase : withoutDatabase
                group.addTask { (task, task % 4 < 2 ? inferred(environment) : identified(environment)) }
            }
            var answers: [Int: String] = [:]
            for await (task, answer) in group { answers[task] = answer }
            return answers
        }
        for (task, answer) in together.sorted(by: { $0.key < $1.key }) {
            let expected = [alone.0, alone.1, alone.2, alone.3][task % 4]
            #expect(answer == expected, "task \(task)")
        }
    }

    /// Requests in folders of their own, as a server gives each one a folder: every command
    /// resolves relative paths in its context's working folder (arguments, `-r`, a bare path,
    /// `--files-from`, manifests and their globs, sessions, `--out`), not in the process's, which
    /// nothing changes; records and messages keep the paths as given. Both folders hold
    /// `in/upload`, a PNG in one and a PDF in the other.
    @Test func requestsInFoldersOfTheirOwnRunAtOnce() async throws {
        let root = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let before = FileManager.default.currentDirectoryPath
        var folders: [(folder: WorkingFolder, type: String, url: URL)] = []
        for (name, file, type) in [("a", "files/photo.png", "public.png"), ("b", "files/letter.pdf", "com.adobe.pdf")] {
            let folder = root.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: folder.appendingPathComponent("in"), withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: fixture(file), toPath: folder.appendingPathComponent("in/upload").path)
            try Data("{\"expectations\": [{\"files\": \"in/*\", \"type\": \"\(type)\"}]}\n".utf8)
                .write(to: folder.appendingPathComponent("manifest.json"))
            try Data("in/upload\n".utf8).write(to: folder.appendingPathComponent("list"))
            folders.append((try WorkingFolder(folder.path), type, folder))
        }
        @Sendable func run(_ arguments: [String], in folder: WorkingFolder, stdin: [UInt8]? = nil) -> (Int32, String) {
            let result = UTIContext.capturing(standardInput: stdin, environment: testEnvironment, workingFolder: folder) { context in
                UTIMain.run(arguments: arguments, in: context)
            }
            return (result.status, String(decoding: result.standardOutput + result.standardError, as: UTF8.self))
        }
        @Sendable func request(_ folder: WorkingFolder, _ type: String) -> [String] {
            let walked = run(["identify", "-r", "in"], in: folder)
            let bare = run(["in/upload"], in: folder)
            let listed = run(["identify", "-b", "--files-from", "list"], in: folder)
            let checked = run(["check", "-q", "manifest.json"], in: folder)
            let missing = run(["identify", "absent"], in: folder)
            let session = run(["wrap", "in/upload"], in: folder)
            let dropped = run(["drop", "--accepts", "public.item", "--out", "inbox", "--format", "jsonl"], in: folder, stdin: Array(session.1.utf8))
            return [
                "\(walked.0) \(walked.1)", "\(bare.0) \(bare.1)", "\(listed.0) \(listed.1)", "\(checked.0)", "\(missing.0) \(missing.1)",
                "\(session.0) \(session.1.contains("\"\(folder.locate("in/upload"))\""))", "\(dropped.0) \(dropped.1.contains("\"inbox/upload"))",
            ]
        }
        let expected = folders.map { folder, type, _ in
            [
                "0 in/upload: \(type)\n", "0 in/upload: \(type)\n", "0 \(type)\n", "0",
                "1 absent: error: no such file or directory\n", "0 true", "0 true",
            ]
        }
        let together = await withTaskGroup(of: (Int, [String]).self) { group in
            for task in 0..<8 {
                let (folder, type, _) = folders[task % 2]
                group.addTask { (task, request(folder, type)) }
            }
            var answers: [Int: [String]] = [:]
            for await (task, answer) in group { answers[task] = answer }
            return answers
        }
        for (task, answer) in together.sorted(by: { $0.key < $1.key }) {
            #expect(answer == expected[task % 2], "task \(task)")
        }
        // Each request's loads are in its own folder's inbox, none where the process works.
        for (_, _, url) in folders {
            let inbox = try FileManager.default.contentsOfDirectory(atPath: url.appendingPathComponent("inbox").path)
            #expect(inbox.count == 4)
        }
        #expect(FileManager.default.currentDirectoryPath == before)
        #expect(!FileManager.default.fileExists(atPath: before + "/inbox"))
        #expect(throws: UTIError.self) { try WorkingFolder("relative/folder") }
    }
}
