import TypeInference
import UniformTypes

/// `uti check --format junit`: one testsuite per manifest, one testcase per (expectation, file), a
/// failure element for each failed case.
enum CheckJUnitFormatter {
    static func format(_ cases: [CheckCase], manifest: CheckManifest) -> String {
        let suite = JUnitReport.Suite(
            name: manifest.path,
            cases: cases.map { check in
                JUnitReport.Case(
                    classname: "expectation \(check.expectation.index + 1): \(check.expectation.label)",
                    name: check.file.map { joinPath(manifest.folder, $0) } ?? check.expectation.files,
                    failure: check.passed ? nil : (check.failures.joined(separator: "; "), "expectation", check.failures.joined(separator: "\n")))
            })
        return JUnitReport(name: "uti check", suites: [suite]).render()
    }
}
