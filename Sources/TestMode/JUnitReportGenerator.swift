import Platform

/// The JUnit XML report: one `<testsuite>` per file, one `<testcase>` per `expect` (and one for
/// the command whose error ended a file, or for the check pass of a broken file), as GitLab,
/// Jenkins and GitHub's test reporters read it.
package enum JUnitReportGenerator {
    package static func generate(_ run: TestRunReport) -> String {
        let suites = run.files.map(Suite.init)
        var xml = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
        xml += #"<testsuites name="sdkbench" tests="\#(suites.reduce(0) { $0 + $1.cases.count })""#
        xml += #" failures="\#(suites.reduce(0) { $0 + $1.failures })" errors="\#(suites.reduce(0) { $0 + $1.errors })""#
        xml += #" skipped="0" time="\#(ReportSeconds.text(run.duration))">"# + "\n"
        for suite in suites { write(suite, into: &xml) }
        xml += "</testsuites>\n"
        return xml
    }

    /// A file as a suite, a broken file's check errors as one erroring case.
    private struct Suite {
        var file: TestFileReport
        var cases: [TestCase]

        init(_ file: TestFileReport) {
            self.file = file
            if file.status == .broken {
                let message = file.checkErrors.first ?? "the file does not check"
                cases = [TestCase(name: "check", file: file.file, line: 1, duration: .zero, outcome: .error(message: message))]
            } else {
                cases = file.testCases
            }
        }

        var failures: Int { cases.count { if case .failed = $0.outcome { true } else { false } } }
        var errors: Int { cases.count { if case .error = $0.outcome { true } else { false } } }
    }

    /// The exchanges behind a failure or error, after its message.
    private static func evidence(_ testCase: TestCase) -> String {
        guard !testCase.evidence.isEmpty else { return "" }
        return "\nwhat the server did (\(testCase.evidence.count) exchanges):\n\n" + testCase.evidence.joined(separator: "\n")
    }

    private static func write(_ suite: Suite, into xml: inout String) {
        let file = XMLText.escaped(suite.file.file)
        xml += #"  <testsuite name="\#(file)" tests="\#(suite.cases.count)" failures="\#(suite.failures)" errors="\#(suite.errors)""#
        xml += #" skipped="0" time="\#(ReportSeconds.text(suite.file.duration))" file="\#(file)">"# + "\n"
        if !suite.file.tries.isEmpty {
            // JUnit has no retries: properties carry each try, as flaky-test plugins read them.
            xml += "    <properties>\n"
            xml += #"      <property name="tries" value="\#(suite.file.tries.count)"/>"# + "\n"
            for (index, attempt) in suite.file.tries.enumerated() {
                xml +=
                    #"      <property name="try.\#(index + 1)" value="\#(attempt.status.rawValue) \#(ReportSeconds.text(attempt.duration)) s"/>"#
                    + "\n"
            }
            xml += "    </properties>\n"
        }
        for testCase in suite.cases {
            xml += #"    <testcase name="\#(XMLText.escaped(testCase.name))" classname="\#(XMLText.escaped(testCase.file))""#
            xml += #" file="\#(XMLText.escaped(testCase.file))" line="\#(testCase.line)" time="\#(ReportSeconds.text(testCase.duration))""#
            // Warnings decide nothing: JUnit readers show a case's own output beside it.
            let output =
                testCase.warnings.isEmpty
                ? "" : "      <system-out>\(XMLText.escaped(testCase.warnings.map { "warning: \($0)\n" }.joined()))</system-out>\n"
            switch testCase.outcome {
            case .passed:
                xml += output.isEmpty ? "/>\n" : ">\n" + output + "    </testcase>\n"
            case .failed(let message, let actual, let expected):
                var body = "\(testCase.file):\(testCase.line): expect failed: \(message)\n"
                if let actual { body += "actual:   \(actual)\n" }
                if let expected { body += "expected: \(expected)\n" }
                body += evidence(testCase)
                xml += ">\n      <failure message=\"\(XMLText.escaped(message))\" type=\"expect\">\(XMLText.escaped(body))</failure>\n"
                xml += output + "    </testcase>\n"
            case .error(let message):
                var body =
                    suite.file.status == .broken
                    ? suite.file.checkErrors.joined(separator: "\n") + "\n" : "\(testCase.file):\(testCase.line): \(message)\n"
                body += evidence(testCase)
                let type = suite.file.status == .broken ? "broken" : "error"
                xml += ">\n      <error message=\"\(XMLText.escaped(message))\" type=\"\(type)\">\(XMLText.escaped(body))</error>\n"
                xml += output + "    </testcase>\n"
            }
        }
        if !suite.file.stdout.isEmpty { xml += "    <system-out>\(XMLText.escaped(suite.file.stdout))</system-out>\n" }
        let stderr = suite.file.stderr + suite.file.warnings.map { $0 + "\n" }.joined()
        if !stderr.isEmpty { xml += "    <system-err>\(XMLText.escaped(stderr))</system-err>\n" }
        xml += "  </testsuite>\n"
    }
}
