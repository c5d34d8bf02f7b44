import TypeInference
import UniformTypes

/// `uti check --format json` (schemas/check-report.schema.json): every expectation, numbered from
/// 1 as in the text and JUnit reports, with every file it selected; `passed` is always a yes or
/// no, and the counts are under `summary`. `--format jsonl` writes the same expectation objects
/// one a line, each with `schemaVersion` and `manifest`.
enum CheckJSONFormatter {
    static func format(_ cases: [CheckCase], manifest: CheckManifest) -> String {
        let passed = cases.filter(\.passed).count
        return JSONValue.object([
            "schemaVersion": .int(outputSchemaVersion),
            "manifest": .string(manifest.path),
            "summary": ["passed": .int(passed), "failed": .int(cases.count - passed)],
            "expectations": .array(expectations(cases, manifest: manifest)),
        ]).serialized(pretty: true) + "\n"
    }

    static func formatLines(_ cases: [CheckCase], manifest: CheckManifest) -> String {
        expectations(cases, manifest: manifest).map { expectation -> String in
            guard case .object(var members) = expectation else { return "" }
            members["schemaVersion"] = .int(outputSchemaVersion)
            members["manifest"] = .string(manifest.path)
            return JSONValue.object(members).serialized(pretty: false) + "\n"
        }.joined()
    }

    static func expectations(_ cases: [CheckCase], manifest: CheckManifest) -> [JSONValue] {
        manifest.expectations.map { expectation in
            let mine = cases.filter { $0.expectation.index == expectation.index }
            return .object([
                "index": .int(expectation.index + 1),
                "files": .string(expectation.files),
                "description": .string(expectation.label),
                "passed": .bool(mine.allSatisfy(\.passed)),
                "results": .array(
                    mine.map { check in
                        .object([
                            "path": .optional(check.file.map { joinPath(manifest.folder, $0) }), "passed": .bool(check.passed),
                            "failures": .strings(check.failures),
                        ])
                    }),
            ])
        }
    }
}
