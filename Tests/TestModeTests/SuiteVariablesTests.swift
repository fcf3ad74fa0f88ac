import Testing

@testable import TestMode

struct SuiteVariablesTests {
    @Test func aFileGivesNameValueLinesSkippingCommentsAndBlanks() throws {
        var variables = SuiteVariables()
        try variables.addFile("# staging\n\nhost=staging.example.com\r\n  user = a=b\npath=/v1/x # not a comment\n", named: "vars.env", secret: false)
        #expect(variables.all.map(\.name) == ["host", "user", "path"])
        #expect(variables.all.map(\.value) == ["staging.example.com", " a=b", "/v1/x # not a comment"])
        #expect(variables.all[1].origin == "vars.env:4")
    }

    @Test func oneNameFromTwoPlacesIsAnErrorNamingBoth() throws {
        var variables = SuiteVariables()
        try variables.add(SuiteVariable(name: "host", value: "a", isSecret: false, origin: "--var"))
        try variables.add(SuiteVariable(name: "host", value: "b", isSecret: false, origin: "--var"))
        #expect(variables.all == [SuiteVariable(name: "host", value: "b", isSecret: false, origin: "--var")])
        #expect(throws: SuiteVariablesError.self) {
            try variables.addFile("host=c\n", named: "vars.env", secret: false)
        }
        do {
            try variables.addEnvironment(["SDKBENCH_VAR_host": "d", "PATH": "/bin"])
            Issue.record("the environment's host went through")
        } catch {
            #expect(error.message == "variable 'host' is given twice: by --var and by SDKBENCH_VAR_host")
        }
    }

    @Test func badLinesAndNamesAreLocated() {
        var variables = SuiteVariables()
        do {
            try variables.addFile("ok=12345678\nno equals here\n", named: "v.env", secret: true)
            Issue.record("a line without '=' went through")
        } catch {
            #expect(error.message == "v.env:2: expected NAME=VALUE")
        }
        do {
            try variables.addFile("1bad=x\n", named: "v.env", secret: false)
            Issue.record("an invalid name went through")
        } catch {
            #expect(error.message.hasPrefix("v.env:1: invalid variable name '1bad'"))
        }
    }

    /// `set --secret`'s rule for every secret a run is given: 8 characters, or `--allow-short`.
    @Test func aShortSecretIsRefusedUnlessAllowed() throws {
        var variables = SuiteVariables()
        let refusals = [
            Self.refusal { try $0.add(SuiteVariable(name: "a", value: "abc", isSecret: true, origin: "--secret")) },
            Self.refusal { try $0.addFile("a=abc\n", named: "s.env", secret: true) },
            Self.refusal { try $0.addEnvironment(["SDKBENCH_SECRET_a": "abc"]) },
        ]
        for message in refusals {
            let message = try #require(message, "a 3-character secret went through")
            #expect(message.hasSuffix("secret 'a' has 3 characters: expected at least 8 (add --allow-short to accept a shorter one, for tests)"))
            #expect(!message.contains("abc"))
        }
        try variables.add(SuiteVariable(name: "b", value: "abc", isSecret: false, origin: "--var"))
        var allowing = SuiteVariables(allowsShortSecrets: true)
        try allowing.add(SuiteVariable(name: "a", value: "abc", isSecret: true, origin: "--secret"))
        #expect(allowing.all.count == 1)
    }

    @Test func theEnvironmentGivesSecretsAsWellAsVariables() throws {
        var variables = SuiteVariables()
        try variables.addEnvironment(["SDKBENCH_SECRET_tok": "S3CRET-env", "SDKBENCH_VAR_host": "h", "HOME": "/root"])
        #expect(
            variables.all == [
                SuiteVariable(name: "tok", value: "S3CRET-env", isSecret: true, origin: "SDKBENCH_SECRET_tok"),
                SuiteVariable(name: "host", value: "h", isSecret: false, origin: "SDKBENCH_VAR_host"),
            ]
        )
        #expect(throws: SuiteVariablesError.self) {
            try variables.add(SuiteVariable(name: "tok", value: "S3CRET-other", isSecret: true, origin: "--secret"))
        }
    }

    /// The message `add` refuses a fresh set of variables with, or `nil` when it takes them.
    private static func refusal(_ add: (inout SuiteVariables) throws -> Void) -> String? {
        var variables = SuiteVariables()
        do {
            try add(&variables)
            return nil
        } catch let error as SuiteVariablesError {
            return error.message
        } catch {
            return "\(error)"
        }
    }
}
