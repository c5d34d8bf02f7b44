import TypeInference
import UniformTypes

/// `uti check` as text: a line per failed case naming the file, the expectation, what was
/// expected and what was found, then `N passed, M failed`.
enum CheckTextFormatter {
    /// `quiet`: the failures only, no count line; `colors`: FAIL in red (`--color`).
    static func format(_ cases: [CheckCase], manifest: CheckManifest, quiet: Bool = false, colors: Bool = false) -> String {
        var lines: [String] = []
        for check in cases where !check.passed {
            let subject = check.file.map { joinPath(manifest.folder, $0) } ?? manifest.path
            for failure in check.failures {
                lines.append(
                    ColorChoice.paint("FAIL", 31, when: colors)
                        + Output.terminalSafe(" \(subject): expectation \(check.expectation.index + 1) (\(check.expectation.label)): \(failure)"))
            }
        }
        let passed = cases.filter(\.passed).count
        if !quiet { lines.append("\(passed) passed, \(cases.count - passed) failed") }
        return lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n"
    }
}
