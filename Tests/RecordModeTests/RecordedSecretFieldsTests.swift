import HTTPTypes
import Hamon
import Script
import Shell
import Testing
import Transport

@testable import RecordMode

/// Secrets by name wherever a recording holds them (issue 52 §1, §2): query parameters and form
/// fields as headers and JSON members, and the fields an engine's commands carry, become
/// `{{secret_NAME}}` variables; their values reach neither the script nor its summary.
struct RecordedSecretFieldsTests {
    typealias Recorder = ScriptRecorderTests

    static func expectAbsent(_ values: [String], from script: RecordedScript, sourceLocation: SourceLocation = #_sourceLocation) {
        for value in values {
            #expect(!script.text.contains(value), "\(value) in the script:\n\(script.text)", sourceLocation: sourceLocation)
            #expect(!script.summary.lines.joined().contains(value), "\(value) in the summary", sourceLocation: sourceLocation)
        }
    }

    @Test func aSecretNamedQueryParameterIsAVariable() throws {
        let script = Recorder.script([Recorder.exchange("GET", "/v1/things?page=2&api_key=ak-0123456789&q=a%20b")])
        Self.expectAbsent(["ak-0123456789"], from: script)
        #expect(Recorder.body(script).contains("http GET {{server}}/v1/things?page=2&api_key={{secret_api_key}}&q=a%20b"), "\(script.text)")
        #expect(script.text.contains("#   secret_api_key: the query parameter api_key"))
        try Recorder.parses(script)
    }

    /// Basic credentials are `-a user:{{secret_password}}`: the password is then one variable wherever
    /// the request repeats it (httpbin's `/basic-auth/USER/PASS` puts it in the path, which the
    /// secret search of issue 52 found in the recording, written as it was).
    @Test func basicCredentialsAreAUserAndAPasswordVariableWhereverThePasswordStands() throws {
        let header = BasicCredentials.header("ada:BasicPassw0rdXyz")
        let script = Recorder.script([Recorder.exchange("GET", "/basic-auth/ada/BasicPassw0rdXyz", headers: [.authorization: header])])
        Self.expectAbsent(["BasicPassw0rdXyz", String(header.dropFirst(6))], from: script)
        #expect(Recorder.body(script).contains("http GET {{server}}/basic-auth/ada/{{secret_password}} -a ada:{{secret_password}}"), "\(script.text)")
        #expect(script.text.contains("#   secret_password: the Basic credentials' password"), "\(script.text)")
        try Recorder.parses(script)
        // A header that `-a` would not send as it was (another spacing) keeps its own variable.
        let odd = Recorder.script([Recorder.exchange("GET", "/x", headers: [.authorization: "Basic  " + String(header.dropFirst(6))])])
        #expect(Recorder.body(script).count > 0 && odd.text.contains("Authorization:"), "\(odd.text)")
    }

    @Test func aSecretNamedFormFieldIsAVariableInTheRawBody() throws {
        let form = "user=ada&password=pw1&access%5Ftoken=tok-99887766&remember=1"
        let script = Recorder.script([
            Recorder.exchange("POST", "/login", headers: [.contentType: "application/x-www-form-urlencoded"], body: form)
        ])
        // Short or long, by its name: `pw1` is below the length any value is matched at.
        Self.expectAbsent(["pw1", "tok-99887766"], from: script)
        let line = try #require(Recorder.body(script).first { $0.hasPrefix("http ") })
        #expect(
            try ScriptRecorderTests.rawBody(of: line) == "user=ada&password={{secret_password}}&access%5Ftoken={{secret_access_token}}&remember=1",
            "\(line)"
        )
        #expect(line.contains("Content-Type:application/x-www-form-urlencoded"), "\(line)")
    }

    @Test func aSecretNamedMultipartFieldIsAVariableInTheRawBody() throws {
        let body = [
            "--XyZ", #"Content-Disposition: form-data; name="user""#, "", "ada",
            "--XyZ", #"Content-Disposition: form-data; name="password""#, "", "mp-31415926",
            "--XyZ", #"Content-Disposition: form-data; name="token_file"; filename="t.txt""#, "Content-Type: text/plain", "", "a file",
            "--XyZ--", "",
        ].joined(separator: "\r\n")
        let script = Recorder.script([
            Recorder.exchange("POST", "/upload", headers: [.contentType: #"multipart/form-data; boundary="XyZ""#], body: body)
        ])
        Self.expectAbsent(["mp-31415926"], from: script)
        let line = try #require(Recorder.body(script).first { $0.hasPrefix("http ") })
        #expect(try ScriptRecorderTests.rawBody(of: line) == body.replacing("mp-31415926", with: "{{secret_password}}"), "\(line)")
        #expect(script.text.contains("#   secret_password: the multipart field password"))
    }

    @Test func aSecretNamedMemberOfABodySentRawIsAVariable() throws {
        // Blanks between members: the items would not send these bytes, so the body goes raw.
        let body = #"{"user": "ada", "auth": {"password": "pw", "pin_token": 123456}, "list": [{"secret": "s\"q"}]}"#
        let script = Recorder.script([Recorder.exchange("POST", "/login", headers: [.contentType: "application/json"], body: body)])
        Self.expectAbsent(["\"pw\"", "123456", #"s\"q"#], from: script)
        let line = try #require(Recorder.body(script).first { $0.hasPrefix("http ") })
        #expect(
            try ScriptRecorderTests.rawBody(of: line)
                == #"{"user": "ada", "auth": {"password": "{{secret_password}}", "pin_token": {{secret_pin_token}}}, "list": [{"secret": "{{secret_secret}}"}]}"#,
            "\(line)"
        )
    }

    @Test func hamonSiftAndPerformanceFieldsNamedLikeSecretsAreVariables() throws {
        let plaintext =
            #"{"events":[{"uuid":"u1","timestamp":1,"name":"login","parameters":{"api_key":"hk-11112222","screen":"home"}}]}"#
        let hamon = Recorder.exchange("POST", "/v1/users/u-1/event", body: #"{"payload":"\#(HamonCipher.encrypt(Array(plaintext.utf8)))"}"#)
        let sift = Recorder.exchange(
            "PUT",
            "/v3/accounts/acct-1/mobile_events",
            headers: [.authorization: "Basic dG91ci1iZWFjb24ta2V5", .contentType: "application/json"],
            body: #"{"data":[{"time":1,"mobile_event_type":"tap","user_id":"u-1","fields":{"token":"sf-33334444","button":"pay"}}]}"#
        )
        let perf = Recorder.exchange(
            "POST",
            "/api/performance/batch",
            body: #"{"entries":[{"id":"a","feature":"login","layer":"api","duration":0.1,"metadata":{"password":"pf-55556666","url":"/v1/login"}}]}"#
        )
        let script = Recorder.script([hamon, sift, perf])
        Self.expectAbsent(["hk-11112222", "sf-33334444", "pf-55556666"], from: script)
        let lines = Recorder.body(script)
        #expect(lines.contains("hamon log login api_key={{secret_api_key}} screen=home"), "\(script.text)")
        #expect(lines.contains("sift event tap token={{secret_token}} button=pay"), "\(script.text)")
        #expect(lines.contains("perf start login api password={{secret_password}} url=/v1/login"), "\(script.text)")
        #expect(script.text.contains("#   secret_api_key: the Hamon event parameter api_key"))
        try Recorder.parses(script)
        // `load k8s` refuses a script holding what looks like a secret: this one holds none.
        for statement in try Parser.parse(script.text) {
            for token in statement.tokens {
                switch token.kind {
                case .parameter(let key, let word), .typedParameter(let key, let word):
                    #expect(!Redactor.isSecretName(key) || word.literal == nil, "\(key) holds a value")
                default: continue
                }
            }
        }
    }
}
