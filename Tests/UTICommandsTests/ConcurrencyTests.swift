import Foundation
import SharedMIMEInfo
import Testing
import TypeInference
import UTITestSupport
@testable import UTICommands
import UniformTypes

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
        let catalog = TypeCatalog.system
        let files = try FileManager.default.contentsOfDirectory(atPath: fixture("files")).sorted().map { fixture("files/\($0)") }
        func answers(_ inferrer: TypeInferrer, worker: Int, of workers: Int) -> [String] {
            files.indices.filter { $0 % workers == worker }.map { inferrer.infer(RawPath(files[$0])).type?.identifier ?? "-" }
        }
        // Eight tasks first, each with its own inferrer (one libmagic handle each), while the
        // catalog's and the database's tables are built; then one inferrer alone.
        let parallel = try await withThrowingTaskGroup(of: (Int, [String]).self) { group in
            for worker in 0..<8 {
                group.addTask { (worker, answers(TypeInferrer.forCommand(catalog: catalog), worker: worker, of: 8)) }
            }
            var found = [[String]](repeating: [], count: 8)
            for try await (worker, list) in group { found[worker] = list }
            return found
        }
        let serial = answers(TypeInferrer.forCommand(catalog: catalog), worker: 0, of: 1)
        for worker in 0..<8 {
            #expect(parallel[worker] == serial.indices.filter { $0 % 8 == worker }.map { serial[$0] })
        }
        #expect(serial.count > 300)
    }
}
