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
            try variables.addFile("ok=1\nno equals here\n", named: "v.env", secret: true)
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
}
