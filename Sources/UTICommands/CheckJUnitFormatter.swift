import TypeInference

/// `uti check --format junit`: JUnit XML as CI systems read it: one testsuite per manifest, one
/// testcase per (expectation, file), a failure element for each failed case.
enum CheckJUnitFormatter {
    static func format(_ cases: [CheckCase], manifest: CheckManifest) -> String {
        let failed = cases.filter { !$0.passed }.count
        var lines = [
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
            "<testsuites name=\"uti check\" tests=\"\(cases.count)\" failures=\"\(failed)\" errors=\"0\">",
            "  <testsuite name=\(attribute(manifest.path)) tests=\"\(cases.count)\" failures=\"\(failed)\" errors=\"0\" skipped=\"0\">",
        ]
        for check in cases {
            let name = check.file.map { joinPath(manifest.folder, $0) } ?? check.expectation.files
            let classname = "expectation \(check.expectation.index + 1): \(check.expectation.label)"
            let open = "    <testcase classname=\(attribute(classname)) name=\(attribute(name))"
            if check.passed {
                lines.append(open + "/>")
            } else {
                lines.append(open + ">")
                let message = check.failures.joined(separator: "; ")
                lines.append("      <failure message=\(attribute(message)) type=\"expectation\">\(escape(check.failures.joined(separator: "\n")))</failure>")
                lines.append("    </testcase>")
            }
        }
        lines += ["  </testsuite>", "</testsuites>"]
        return lines.joined(separator: "\n") + "\n"
    }

    static func attribute(_ text: String) -> String { "\"" + escape(text) + "\"" }

    /// XML escaping; characters XML 1.0 cannot carry at all become U+FFFD.
    static func escape(_ text: String) -> String {
        var output = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": output += "&amp;"
            case "<": output += "&lt;"
            case ">": output += "&gt;"
            case "\"": output += "&quot;"
            case "'": output += "&apos;"
            case "\n": output += "&#10;"
            case "\t", "\r": output.unicodeScalars.append(scalar)
            case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF: output += "\u{FFFD}"
            default: output.unicodeScalars.append(scalar)
            }
        }
        return output
    }
}
