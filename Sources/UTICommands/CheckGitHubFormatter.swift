import UniformTypes

/// `uti check --format github`: GitHub Actions workflow commands, an `::error` annotation for each
/// failure on the file it concerns (the manifest, for a count or a folder that cannot be listed),
/// titled with the expectation, then the `N passed, M failed` line. GitHub shows the annotations
/// on the files of the change and in the run's summary.
enum CheckGitHubFormatter {
    static func format(_ cases: [CheckCase], manifest: CheckManifest) -> String {
        var lines: [String] = []
        for check in cases where !check.passed {
            let subject = check.file.map { joinPath(manifest.folder, $0) } ?? manifest.path
            let title = "uti check: expectation \(check.expectation.index + 1) (\(check.expectation.label))"
            for failure in check.failures {
                lines.append("::error file=\(property(subject)),title=\(property(title))::\(data(failure))")
            }
        }
        let passed = cases.filter(\.passed).count
        lines.append("\(passed) passed, \(cases.count - passed) failed")
        return lines.joined(separator: "\n") + "\n"
    }

    /// A command's message as the runner reads it: `%`, carriage return and line feed escaped
    /// (and every other control character, so that nothing a file name holds ends the command).
    static func data(_ text: String) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "%": escaped += "%25"
            case "\r": escaped += "%0D"
            case "\n": escaped += "%0A"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                let hex = Array("0123456789ABCDEF")
                escaped += "%" + String(hex[Int(scalar.value >> 4)]) + String(hex[Int(scalar.value & 0xF)])
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }

    /// A property's value (file, title): also `:` and `,`, which end a property.
    static func property(_ text: String) -> String {
        data(text).split(separator: ":", omittingEmptySubsequences: false).joined(separator: "%3A")
            .split(separator: ",", omittingEmptySubsequences: false).joined(separator: "%2C")
    }
}
