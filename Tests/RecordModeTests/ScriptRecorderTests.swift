import HTTPTypes
import Hamon
import JSON
import SDKBenchCatalog
import Script
import Shell
import Testing
import Transport

@testable import RecordMode

/// The script a recording becomes: engines' commands where an engine knows the exchange, `http`
/// lines for the rest, the server named once, secrets as variables, values carried from one
/// answer to a later request as captures.
struct ScriptRecorderTests {
    static let server = "http://127.0.0.1:8080"

    static func exchange(
        _ method: String,
        _ path: String,
        headers: HTTPFields = [:],
        body: String = "",
        status: Int = 200,
        responseHeaders: HTTPFields = [:],
        response: String = "",
        sdkHeaders: Bool = true
    ) -> RecordedExchange {
        var headers = headers
        // Sent as the SDK's transport sends every request, unless the test says otherwise.
        if sdkHeaders, headers[.xRequestedWith] == nil {
            headers[.xRequestedWith] = "ping-sdk"
            headers[.xRequestedPlatform] = "ios"
        }
        return RecordedExchange(
            method: method,
            url: server + path,
            requestHeaders: headers,
            requestBody: Array(body.utf8),
            status: status,
            responseHeaders: responseHeaders,
            responseBody: Array(response.utf8)
        )
    }

    static func script(_ exchanges: [RecordedExchange], _ options: RecordOptions = RecordOptions()) -> RecordedScript {
        ScriptRecorder(catalog: .standard, options: options).script(from: exchanges)
    }

    /// The lines after the header, without comments.
    static func body(_ script: RecordedScript) -> [String] {
        script.text.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("#") }
    }

    @Test func anUnknownCallIsAnHTTPLineWithNestedItemsAndItsStatus() throws {
        var headers = HTTPFields()
        headers[.contentType] = "application/json"
        headers[HTTPField.Name("X-Trace")!] = "abc"
        headers[.userAgent] = "MyApp/1.0"
        let body = #"{"name":"Ada Lovelace","age":36,"tags":["a","b"],"address":{"city":"London","zip":null}}"#
        let script = Self.script([Self.exchange("POST", "/api/users?ref=home", headers: headers, body: body, status: 201)])
        #expect(
            Self.body(script) == [
                "set server http://127.0.0.1:8080 --default",
                "http POST {{server}}/api/users?ref=home X-Trace:abc User-Agent:MyApp/1.0 name='Ada Lovelace' age:=36 tags[0]=a tags[1]=b address[city]=London address[zip]:=null",
                "expect last.status == 201",
            ]
        )
        #expect(script.summary.httpLines == 1)
        #expect(script.summary.sdkCommands == 0)
        try Self.parses(script)
    }

    @Test func theSDKsStandardHeadersAreLeftToHTTPUnlessTheyNameAnotherPlatform() {
        var ios = HTTPFields()
        ios[HTTPField.Name("x-requested-with")!] = "ping-sdk"
        ios[HTTPField.Name("x-requested-platform")!] = "iOS"
        var android = HTTPFields()
        android[HTTPField.Name("x-requested-with")!] = "ping-sdk"
        android[HTTPField.Name("x-requested-platform")!] = "android"
        let script = Self.script([Self.exchange("GET", "/a", headers: ios), Self.exchange("GET", "/b", headers: android)])
        #expect(
            Self.body(script) == [
                "set server http://127.0.0.1:8080 --default",
                "http GET {{server}}/a",
                "expect last.status == 200",
                "http GET {{server}}/b x-requested-platform:android",
                "expect last.status == 200",
            ]
        )
    }

    @Test func theServerVariableCanPointElsewhere() {
        let script = Self.script([Self.exchange("GET", "/health")], RecordOptions(server: "http://10.0.0.2:9000"))
        #expect(Self.body(script) == ["set server http://10.0.0.2:9000 --default", "http GET {{server}}/health", "expect last.status == 200"])
    }

    @Test func secretsBecomeVariablesAndNeverText() throws {
        var headers = HTTPFields()
        headers[.authorization] = "Bearer s3cr3t-t0ken-value"
        headers[.cookie] = "session=abcdef123456; theme=dark"
        headers[HTTPField.Name("X-Api-Key")!] = "key-0123456789"
        let body = #"{"user":"ada","password":"hunter2-hunter2","note":"my given value sk_live_999999 inside"}"#
        let script = Self.script(
            [Self.exchange("POST", "/login", headers: headers, body: body)],
            RecordOptions(secrets: [(name: "stripe", value: "sk_live_999999")])
        )
        for value in ["s3cr3t-t0ken-value", "abcdef123456", "dark", "key-0123456789", "hunter2-hunter2", "sk_live_999999"] {
            #expect(!script.text.contains(value), "\(value) in the script")
            #expect(!script.summary.lines.joined().contains(value), "\(value) in the summary")
        }
        let line = try #require(Self.body(script).first { $0.hasPrefix("http ") })
        #expect(line.contains(#""Authorization:Bearer {{secret_authorization}}""#))
        #expect(line.contains(#""Cookie:session={{secret_cookie_session}}; theme={{secret_cookie_theme}}""#))
        #expect(line.contains("X-Api-Key:{{secret_x_api_key}}"))
        #expect(line.contains("password={{secret_password}}"))
        #expect(line.contains(#"note="my given value {{secret_stripe}} inside""#))
        #expect(
            script.summary.secrets.map(\.variable).sorted() == [
                "secret_authorization", "secret_cookie_session", "secret_cookie_theme", "secret_password", "secret_stripe", "secret_x_api_key",
            ]
        )
        #expect(script.text.contains("#   secret_password: the field password"))
        #expect(script.text.contains("--secret secret_authorization=…"))
        try Self.parses(script)
    }

    @Test func capturesOfOneNameAreNumberedAndGoAfterTheirAnswer() {
        let created = (1...3).map { Self.exchange("POST", "/items", response: #"{"id":"item-0000000\#($0)"}"#) }
        let used = (1...3).reversed().map { Self.exchange("GET", "/items/item-0000000\($0)") }
        let script = Self.script(created + used)
        #expect(script.summary.captures == ["id", "id_2", "id_3"])
        #expect(
            Self.body(script) == [
                "set server http://127.0.0.1:8080 --default",
                "http POST {{server}}/items", "expect last.status == 200", "capture id_3 last.json.id",
                "http POST {{server}}/items", "expect last.status == 200", "capture id_2 last.json.id",
                "http POST {{server}}/items", "expect last.status == 200", "capture id last.json.id",
                "http GET {{server}}/items/{{id}}", "expect last.status == 200",
                "http GET {{server}}/items/{{id_2}}", "expect last.status == 200",
                "http GET {{server}}/items/{{id_3}}", "expect last.status == 200",
            ]
        )
    }

    @Test func aValueAnAnswerProducedIsCapturedForTheLaterRequest() throws {
        let login = Self.exchange("POST", "/login", body: #"{"user":"ada"}"#, response: #"{"session":{"token":"tok-12345678"},"short":"abc"}"#)
        var headers = HTTPFields()
        headers[.authorization] = "Bearer tok-12345678"
        let order = Self.exchange("POST", "/orders", headers: headers, body: #"{"session_token":"tok-12345678","short":"abc"}"#)
        let item = Self.exchange("GET", "/orders/tok-12345678/items")
        let script = Self.script([login, order, item])
        #expect(
            Self.body(script) == [
                "set server http://127.0.0.1:8080 --default",
                "http POST {{server}}/login user=ada",
                "expect last.status == 200",
                "capture token last.json.session.token",
                #"http POST {{server}}/orders "Authorization:Bearer {{token}}" session_token={{token}} short=abc"#,
                "expect last.status == 200",
                "http GET {{server}}/orders/{{token}}/items",
                "expect last.status == 200",
            ]
        )
        #expect(script.summary.captures == ["token"])
        #expect(script.summary.secrets.isEmpty)
        try Self.parses(script)
    }

    @Test func miataruCallsAreItsCommandsWithTheKeyAsASecret() throws {
        let key = String(repeating: "k", count: 40)
        let setKey = Self.exchange(
            "POST",
            "/v1/setDeviceKey",
            body: #"{"MiataruSetDeviceKey":{"DeviceID":"phone-1","CurrentDeviceKey":null,"NewDeviceKey":"\#(key)"}}"#,
            response: #"{"MiataruResponse":"ACK","MiataruVerboseResponse":"Device Key set"}"#
        )
        let update = Self.exchange(
            "POST",
            "/v1/UpdateLocation",
            body:
                #"{"MiataruConfig":{"EnableLocationHistory":"True","LocationDataRetentionTime":"30"},"MiataruLocation":[{"Device":"phone-1","Timestamp":"1700000000","Longitude":"13.405","Latitude":"52.52","HorizontalAccuracy":"12","DeviceKey":"\#(key)"}]}"#,
            response: #"{"MiataruResponse":"ACK"}"#
        )
        let get = Self.exchange(
            "POST",
            "/v1/GetLocation",
            body: #"{"MiataruConfig":{"RequestMiataruDeviceID":"friend-1"},"MiataruGetLocation":[{"Device":"phone-1"}]}"#,
            response: #"{"MiataruLocation":[null]}"#
        )
        let denied = Self.exchange(
            "POST",
            "/v1/UpdateLocation",
            body: #"{"MiataruLocation":[{"Device":"phone-1","Latitude":"1","Longitude":"2","DeviceKey":"\#(key)"}]}"#,
            status: 403
        )
        let script = Self.script([setKey, update, get, denied])
        let lines = Self.body(script)
        #expect(
            Array(lines.prefix(8)) == [
                "set server http://127.0.0.1:8080 --default",
                "miataru server {{server}}",
                "miataru device phone-1",
                "miataru key set {{secret_miataru_key_phone_1}}",
                "miataru location update 52.52 13.405 --accuracy 12 --history",
                "miataru device friend-1",
                "miataru location get phone-1",
                #"http POST {{server}}/v1/UpdateLocation MiataruLocation[0][Device]=phone-1 MiataruLocation[0][Latitude]=1 MiataruLocation[0][Longitude]=2 MiataruLocation[0][DeviceKey]={{secret_miataru_key_phone_1}}"#,
            ]
        )
        #expect(script.summary.sdkCommands == 3)
        #expect(!script.text.contains(key))
        try Self.parses(script)
    }

    @Test func asLoadMakesTheDeviceEachLoadDevicesOwn() throws {
        let key = String(repeating: "k", count: 40)
        let setKey = Self.exchange(
            "POST",
            "/v1/setDeviceKey",
            body: #"{"MiataruSetDeviceKey":{"DeviceID":"phone-1","CurrentDeviceKey":null,"NewDeviceKey":"\#(key)"}}"#,
            response: #"{"MiataruResponse":"ACK"}"#
        )
        let allowed = Self.exchange(
            "POST",
            "/v1/setAllowedDeviceList",
            body:
                #"{"MiataruSetAllowedDeviceList":{"DeviceID":"phone-1","DeviceKey":"\#(key)","allowedDevices":[{"DeviceID":"friend-1","hasCurrentLocationAccess":true,"hasHistoryAccess":false}]}}"#,
            response: #"{"MiataruResponse":"ACK"}"#
        )
        let peek = Self.exchange("GET", "/v1/GetLocationGeoJSON/phone-1")
        let script = Self.script([setKey, allowed, peek], RecordOptions(asLoad: true))
        #expect(
            Self.body(script) == [
                "set server http://127.0.0.1:8080 --default",
                "miataru server {{server}}",
                "miataru device {{device.id}}",
                "miataru key set --generate",
                "miataru allowed set friend-1-{{device.id}}:location",
                "http GET {{server}}/v1/GetLocationGeoJSON/{{device.id}}",
                "expect last.status == 200",
            ]
        )
        #expect(script.summary.secrets.isEmpty)
        #expect(script.text.contains("sdkbench load FILE.sdk --devices 10"))
        try Self.parses(script)
    }

    @Test func hamonBatchesAreLogLinesAndAFlushAndARetryIsLeftToTheSDK() throws {
        let plaintext =
            #"{"events":[{"uuid":"u1","timestamp":1,"name":"purchase","parameters":{"product_id":"123","price":9.99,"tags":["premium"],"gift":false}},{"uuid":"u2","timestamp":2,"name":"screen_view","parameters":{"screen_name":"home page"}}]}"#
        let payload = HamonCipher.encrypt(Array(plaintext.utf8))
        let body = #"{"payload":"\#(payload)"}"#
        let user = Self.exchange("PATCH", "/v1/users/tour-user", body: #"{"payload":"x"}"#)
        let failed = Self.exchange("POST", "/v1/users/tour-user/event", body: body, status: 503)
        let retried = Self.exchange("POST", "/v1/users/tour-user/event", body: body)
        let script = Self.script([user, failed, retried])
        #expect(
            Self.body(script) == [
                "set server http://127.0.0.1:8080 --default",
                "configure host {{server}}",
                "hamon user tour-user",
                #"hamon log purchase product_id=123 price:=9.99 tags:='["premium"]' gift:=false"#,
                "hamon log screen_view screen_name='home page'",
                "hamon flush",
            ]
        )
        #expect(script.summary.skipped == [RecordSummary.Skip(place: "exchange 2", reason: "retried by the SDK: exchange 3 sends it again")])
        #expect(script.summary.sdkCommands == 2)
        try Self.parses(script)
    }

    @Test func aBatchSealedWithAnotherKeyIsSentAsItWas() throws {
        let payload = HamonCipher.encrypt(Array(#"{"events":[]}"#.utf8))
        let body = #"{"payload":"\#(payload)"}"#
        let script = Self.script(
            [Self.exchange("POST", "/v1/users/u-1/event", body: body)],
            RecordOptions(secrets: [(name: "hamon.key", value: String(repeating: "z", count: 32))])
        )
        #expect(Self.body(script).dropFirst().first == "http POST {{server}}/v1/users/u-1/event payload=\(payload)")
    }

    /// `--secret hamon.key=hex:…` means the bytes the digits spell, as the proxy reads it.
    @Test func aHamonKeyGivenInHexDecryptsTheBatch() throws {
        let payload = HamonCipher.encrypt(Array(#"{"events":[{"uuid":"u1","timestamp":1,"name":"open","parameters":{}}]}"#.utf8))
        let hex = HamonCipher.key.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
        let script = Self.script(
            [Self.exchange("POST", "/v1/users/u-1/event", body: #"{"payload":"\#(payload)"}"#)],
            RecordOptions(secrets: [(name: "hamon.key", value: "hex:" + hex)])
        )
        #expect(Self.body(script).contains("hamon log open"), "\(script.text)")
    }

    @Test func siftUploadsAreEventsAndAnUpload() throws {
        var headers = HTTPFields()
        headers[.authorization] = "Basic dG91ci1iZWFjb24ta2V5"  // tour-beacon-key
        headers[.contentType] = "application/json"
        let batch =
            #"{"data":[{"time":1,"mobile_event_type":"tap","path":"/checkout","user_id":"tour-user","installation_id":"i","fields":{"button":"pay"}},{"time":2,"user_id":"tour-user","ios_device_properties":{"app_name":"x"}}]}"#
        let script = Self.script([Self.exchange("PUT", "/v3/accounts/acct-1/mobile_events", headers: headers, body: batch)])
        #expect(
            Self.body(script) == [
                "set server http://127.0.0.1:8080 --default",
                "sift server {{server}}/v3/accounts/%@/mobile_events",
                "sift account acct-1",
                "sift beacon {{secret_sift_beacon_key}}",
                "sift user tour-user",
                "sift event tap --path /checkout button=pay",
                "sift collect device",
                "sift upload --force --wait 30s",
            ]
        )
        #expect(!script.text.contains("tour-beacon-key"))
        try Self.parses(script)
    }

    @Test func analyticsBatchesAreTimingsAndAFlush() throws {
        let batch =
            #"{"entries":[{"id":"a","feature":"deposit","layer":"api","startTime":"2025-11-18T12:24:43.234Z","endTime":"2025-11-18T12:24:43.354Z","duration":0.12,"metadata":{"url":"/v1/payments","status":"success"}},{"id":"b","feature":"login","layer":"app","duration":0.03}],"appVersion":"1.5.0","timestamp":"2025-11-18T12:24:44.000Z"}"#
        let script = Self.script([Self.exchange("POST", "/api/performance/batch", body: batch)])
        #expect(
            Self.body(script) == [
                "set server http://127.0.0.1:8080 --default",
                "perf destination add analytics {{server}}/api/performance/batch --batch 1000",
                "perf start deposit api url=/v1/payments status=success",
                "perf end deposit api",
                "perf start login app",
                "perf end login app",
                "perf flush",
            ]
        )
        try Self.parses(script)
    }

    @Test func onlyAndSkipLeaveExchangesOutWithTheirReason() {
        let other = RecordedExchange(method: "GET", url: "https://cdn.example.com/logo.png", status: 200)
        let script = Self.script(
            [Self.exchange("GET", "/a"), other, Self.exchange("GET", "/metrics/x"), RecordedExchange(method: "GET", url: Self.server + "/late")],
            RecordOptions(onlyHosts: ["127.0.0.1"], skipPatterns: ["/metrics/*"])
        )
        #expect(script.summary.httpLines == 1)
        #expect(script.summary.skipped.map(\.reason) == ["not an --only host: cdn.example.com", "matches --skip /metrics/*", "no answer"])
        #expect(script.summary.skipCounts.count == 3)
    }

    @Test func aBinaryBodyIsSkippedAndCounted() {
        var exchange = Self.exchange("POST", "/upload")
        exchange.requestBody = [0xFF, 0xFE, 0x00]
        let script = Self.script([exchange])
        #expect(script.summary.skipped.map(\.reason) == ["a binary request body (not UTF-8)"])
    }

    @Test func wordsReadBackAsThemselves() throws {
        for text in ["plain", "two words", "it's", "a\"b", "{{not a var}}", "--flag", "k=v", "#hash", "tab\there", "$HOME", ""] {
            let line = "echo " + ScriptWord(text).text
            let statements = try Parser.parse(line)
            let tokens = try #require(statements.first?.tokens)
            #expect(tokens.count == 2, "\(line)")
            guard case .word(let word) = tokens[1].kind else {
                Issue.record("\(line) is not a word")
                continue
            }
            #expect(word.parts == [.literal(text)] || (text.isEmpty && word.parts == [.literal("")]), "\(line)")
        }
    }

    static func parses(_ script: RecordedScript) throws {
        _ = try Parser.parse(script.text)
    }
}
