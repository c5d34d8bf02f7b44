/// JUnit XML as CI systems read it (Jenkins, GitLab, GitHub test reporters): test suites of test
/// cases, each passing (optionally with what happened as system-out) or failing with a message.
struct JUnitReport {
    struct Case {
        var classname: String
        var name: String
        /// Nil for a passing case.
        var failure: (message: String, type: String, detail: String)?
        var output: String?
    }

    struct Suite {
        var name: String
        var properties: [(name: String, value: String)] = []
        var cases: [Case] = []
    }

    var name: String
    var suites: [Suite]

    func render() -> String {
        let total = suites.reduce(0) { $0 + $1.cases.count }
        let failed = suites.reduce(0) { $0 + $1.cases.filter { $0.failure != nil }.count }
        var lines = [
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
            "<testsuites name=\(Self.attribute(name)) tests=\"\(total)\" failures=\"\(failed)\" errors=\"0\">",
        ]
        for suite in suites {
            let failures = suite.cases.filter { $0.failure != nil }.count
            lines.append("  <testsuite name=\(Self.attribute(suite.name)) tests=\"\(suite.cases.count)\" failures=\"\(failures)\" errors=\"0\" skipped=\"0\">")
            if !suite.properties.isEmpty {
                let properties = suite.properties.map { "<property name=\(Self.attribute($0.name)) value=\(Self.attribute($0.value))/>" }
                lines.append("    <properties>\(properties.joined())</properties>")
            }
            for test in suite.cases {
                let open = "    <testcase classname=\(Self.attribute(test.classname)) name=\(Self.attribute(test.name))"
                if let failure = test.failure {
                    lines.append(open + ">")
                    lines.append(
                        "      <failure message=\(Self.attribute(failure.message)) type=\(Self.attribute(failure.type))>\(Self.escape(failure.detail))</failure>"
                    )
                    lines.append("    </testcase>")
                } else if let output = test.output {
                    lines.append(open + ">")
                    lines.append("      <system-out>\(Self.escape(output))</system-out>")
                    lines.append("    </testcase>")
                } else {
                    lines.append(open + "/>")
                }
            }
            lines.append("  </testsuite>")
        }
        lines.append("</testsuites>")
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
