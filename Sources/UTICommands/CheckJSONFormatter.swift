import TypeInference
import UniformTypes

/// `uti check --format json`: every expectation with every file it selected.
enum CheckJSONFormatter {
    static func format(_ cases: [CheckCase], manifest: CheckManifest) -> String {
        let expectations: [JSONValue] = manifest.expectations.map { expectation in
            let mine = cases.filter { $0.expectation.index == expectation.index }
            return .object([
                "index": .int(expectation.index),
                "files": .string(expectation.files),
                "description": .string(expectation.label),
                "passed": .bool(mine.allSatisfy(\.passed)),
                "results": .array(mine.map { check in
                    .object(["file": .optional(check.file.map { joinPath(manifest.folder, $0) }), "passed": .bool(check.passed),
                             "failures": .strings(check.failures)])
                }),
            ])
        }
        let passed = cases.filter(\.passed).count
        return JSONValue.object([
            "manifest": .string(manifest.path), "passed": .int(passed), "failed": .int(cases.count - passed),
            "expectations": .array(expectations),
        ]).serialized(pretty: true) + "\n"
    }
}
