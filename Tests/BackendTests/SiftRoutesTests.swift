import ContentCoding
import Testing

@testable import Backend
@testable import SiftBackend

/// The Sift routes as functions of an upload: no socket.
struct SiftRoutesTests {
    let routes = SiftRoutes()
    var received: String { routes.recorder.receivedJSON(requests: 0, limit: nil) }

    typealias Bodies = SiftTestBodies

    @Test func aGzippedBatchIsStoredAndCounted() {
        let json = Bodies.list([Bodies.event(), Bodies.event(time: "1731927483300", type: "screen", extra: #","fields":{"a":"1"}"#)])
        let upload = Bodies.upload(json)
        let answer = routes.receive(upload)
        #expect(answer.status == 200)
        #expect(answer.body == #"{"status":0,"error_message":"OK"}"#)
        let received = self.received
        #expect(received.hasPrefix(#"{"requests":0,"batches":1,"count":2,"duplicates":0,"refused":0,"not_gzipped":0,"accounts":{"acct1":2}"#))
        #expect(
            received.contains(
                #""uploads":[{"account":"acct1","status":200,"events":2,"gzip":true,"bytes":\#(upload.body.count),"json_bytes":\#(json.utf8.count),"content_type":"application/json","auth":"any"}]"#
            ),
            "\(received)"
        )
        #expect(
            received.contains(
                #"{"account":"acct1","duplicates":0,"event":{"time":1731927483300,"mobile_event_type":"screen","installation_id":"inst-1","fields":{"a":"1"}}}"#
            )
        )
    }

    @Test func withNoKeySetAnyKeyOrNoHeaderIsAccepted() {
        let json = Bodies.list([Bodies.event()])
        #expect(routes.receive(Bodies.upload(json, key: "whatever")).status == 200)
        #expect(routes.receive(Bodies.upload(json, key: nil)).status == 200)
        var lowercase = Bodies.upload(json)
        lowercase.authorization = "basic " + Bodies.basic("k").dropFirst("Basic ".count)
        #expect(routes.receive(lowercase).status == 200)
        #expect(received.contains(#""auth":"any"}"#) && received.contains(#""auth":"missing"}"#))
        // A header that is there but not Basic base64 is never right, key or no key.
        for header in ["Bearer abc", "Basic !!!", "Basic", "Basic a b"] {
            var upload = Bodies.upload(json)
            upload.authorization = header
            #expect(routes.receive(upload).status == 401, "\(header)")
        }
    }

    @Test func withAKeySetOnlyThatKeyIsAccepted() {
        routes.beaconKey.set("beacon-1")
        let json = Bodies.list([Bodies.event()])
        #expect(routes.receive(Bodies.upload(json, key: "beacon-1")).status == 200)
        let wrong = routes.receive(Bodies.upload(json, key: "beacon-2"))
        #expect(wrong.status == 401)
        #expect(wrong.body == #"{"status":51,"error_message":"wrong beacon key"}"#)
        let missing = routes.receive(Bodies.upload(json, key: nil))
        #expect(missing.status == 401)
        #expect(missing.body.contains("missing Authorization: Basic base64(beacon key)"))
        // The usual client slip: `user:password` Basic auth around the key.
        let userForm = routes.receive(Bodies.upload(json, key: "beacon-1:"))
        #expect(userForm.status == 401)
        #expect(userForm.body.contains("no 'user:' form"))
        #expect(received.contains(#""batches":1,"count":1,"duplicates":0,"refused":3"#), "\(received)")
        #expect(received.contains(#""auth":"key"}"#))
        routes.beaconKey.set(nil)
        #expect(routes.receive(Bodies.upload(json, key: "beacon-2")).status == 200)
    }

    @Test func theRecorderNeverShowsTheKey() {
        let key = "S3CRET-beacon"
        routes.beaconKey.set(key)
        let json = Bodies.list([Bodies.event()])
        _ = routes.receive(Bodies.upload(json, key: key))
        _ = routes.receive(Bodies.upload(json, key: key + "x"))
        _ = routes.receive(Bodies.upload(json, key: key + ":"))
        let received = self.received
        for secret in [key, String(Bodies.basic(key).dropFirst(6)), String(Bodies.basic(key + "x").dropFirst(6))] {
            #expect(!received.contains(secret), "\(received)")
        }
    }

    @Test func aBodyThatIsNotAWholeGzipStreamIsA400() {
        let json = Bodies.list([Bodies.event()])
        let gzipped = Bodies.gzip(json)
        let cases: [([UInt8], String?, Int, String)] = [
            (Array(json.utf8), "gzip", 400, "the body is not a valid gzip stream"),
            (Array(gzipped.dropLast(9)), "gzip", 400, "the gzip stream is cut short"),
            (Array(gzipped.prefix(4)), "gzip", 400, "the gzip stream is cut short"),
            ([], "gzip", 400, "the gzip stream is cut short"),
            (gzipped + [0x7B], "gzip", 400, "bytes follow the end of the gzip stream"),
            (gzipped + gzipped, "gzip", 400, "bytes follow the end of the gzip stream"),
            (gzipped, nil, 400, "the body is gzip but Content-Encoding does not say gzip"),
            (gzipped, "br", 415, "Content-Encoding br is not supported"),
        ]
        for (body, coding, status, message) in cases {
            let upload = SiftRoutes.Upload(account: "a", authorization: nil, contentEncoding: coding, contentType: nil, body: body)
            let answer = routes.receive(upload)
            #expect(answer.status == status, "\(message)")
            #expect(answer.body.contains(message), "\(answer.body)")
        }
        var corrupt = gzipped
        corrupt[corrupt.count - 6] ^= 0xFF  // the CRC-32 in the trailer: zlib checks it
        let crc = routes.receive(SiftRoutes.Upload(account: "a", authorization: nil, contentEncoding: "gzip", contentType: nil, body: corrupt))
        #expect(crc.status == 400)
        #expect(received.contains(#""batches":0,"count":0"#))
    }

    @Test func aBodyThatInflatesPast64MiBIsA413() {
        let bomb = Bodies.gzip(String(repeating: " ", count: SiftRoutes.jsonLimit))
        let answer = routes.receive(SiftRoutes.Upload(account: "a", authorization: nil, contentEncoding: "gzip", contentType: nil, body: bomb))
        #expect(answer.status == 413)
        #expect(answer.body == #"{"status":57,"error_message":"the body inflates past 64 MiB"}"#)
        let small = Bodies.gzip(String(repeating: " ", count: 5000))
        #expect(Gunzip.decompress(small, limit: 5000) == .failure(.tooLarge))
        #expect(Gunzip.decompress(small, limit: 5001) == .success(Array(repeating: UInt8(ascii: " "), count: 5000)))
    }

    @Test func anUngzippedJSONBodyIsAcceptedAndMarked() {
        let json = Bodies.list([Bodies.event()])
        let upload = SiftRoutes.Upload(
            account: "a",
            authorization: nil,
            contentEncoding: nil,
            contentType: "application/json",
            body: Array(json.utf8)
        )
        #expect(routes.receive(upload).status == 200)
        #expect(received.contains(#""not_gzipped":1"#))
        #expect(received.contains(#""gzip":false"#))
    }

    @Test func aBodyThatIsNotJSONIsA400() {
        let answer = routes.receive(Bodies.upload(#"{"data":[}"#))
        #expect(answer.status == 400)
        #expect(answer.body == #"{"status":56,"error_message":"the body is not JSON: Expecting value: char 9"}"#)
        #expect(received.contains(#""refused":1"#))
    }

    /// Python's messages may end in "at"; the place follows after a colon, as Python puts it (char 28 is what Python says).
    @Test func aControlCharacterInAStringIsNamedWhereItIs() {
        let answer = routes.receive(Bodies.upload("{\"data\":[{\"time\":1,\"path\":\"a\u{1}b\"}]}"))
        #expect(answer.status == 400)
        #expect(answer.body == #"{"status":56,"error_message":"the body is not JSON: Invalid control character at: char 28"}"#)
    }

    @Test(arguments: [
        (#"[]"#, #"body: expected an object {\"data\":[event, ...]}"#),
        (#"{"events":[]}"#, "data: missing (the list of events)"),
        (#"{"data":{}}"#, "data: expected an array of events"),
        (#"{"data":[1]}"#, "data[0]: expected an object"),
        (#"{"data":[{}]}"#, "data[0].time: missing (integer milliseconds)"),
        (#"{"data":[{"time":"1"}]}"#, "data[0].time: expected an integer (milliseconds), got a string"),
        (#"{"data":[{"time":1.5}]}"#, "data[0].time: expected an integer (milliseconds), got a number"),
        (#"{"data":[{"time":1e3}]}"#, "data[0].time: expected an integer (milliseconds), got a number"),
        (#"{"data":[{"time":-1}]}"#, "data[0].time: expected milliseconds from 0 to 2^63-1, got -1"),
        (#"{"data":[{"time":99999999999999999999}]}"#, "data[0].time: expected milliseconds from 0 to 2^63-1, got 99999999999999999999"),
        (#"{"data":[{"time":1,"path":3}]}"#, "data[0].path: expected a string, got an integer"),
        (#"{"data":[{"time":1,"user_id":null}]}"#, "data[0].user_id: expected a string, got null"),
        (#"{"data":[{"time":1,"mobile_event_type":true}]}"#, "data[0].mobile_event_type: expected a string, got a boolean"),
        (#"{"data":[{"time":1,"installation_id":[]}]}"#, "data[0].installation_id: expected a string, got an array"),
        (#"{"data":[{"time":1},{"time":2},{"time":3},{"time":4,"fields":{"x":1}}]}"#, "data[3].fields.x: expected a string, got an integer"),
        (#"{"data":[{"time":1,"fields":{"a.b":{}}}]}"#, #"data[0].fields[\"a.b\"]: expected a string, got an object"#),
        (#"{"data":[{"time":1,"fields":["x"]}]}"#, "data[0].fields: expected an object of strings, got an array"),
        (#"{"data":[{"time":1,"device_properties":{"k":null}}]}"#, "data[0].device_properties.k: expected a string, got null"),
        (#"{"data":[{"time":1,"metrics":{"m":1.5}}]}"#, "data[0].metrics.m: expected a string, got a number"),
        (#"{"data":[{"time":1,"ios_app_state":"x"}]}"#, "data[0].ios_app_state: expected an object, got a string"),
        (#"{"data":[{"time":1,"ios_device_properties":[]}]}"#, "data[0].ios_device_properties: expected an object, got an array"),
    ])
    func eachMalformedKeyIsA400NamingIt(body: String, message: String) {
        let answer = routes.receive(Bodies.upload(body))
        #expect(answer.status == 400)
        #expect(answer.body.hasPrefix(#"{"status":56,"error_message":"\#(message)""#), "\(answer.body)")
        #expect(received.contains(#""batches":0,"count":0"#))
    }

    @Test func everyProblemIsListedUpToTen() {
        let events = (0..<12).map { #"{"time":"t\#($0)"}"# }
        let answer = routes.receive(Bodies.upload(Bodies.list(events)))
        #expect(answer.status == 400)
        #expect(answer.body.contains(#""error_message":"data[0].time: expected an integer (milliseconds), got a string (and 2 more)""#))
        #expect(answer.body.contains(#""data[9].time: expected an integer (milliseconds), got a string"]}"#))
    }

    @Test func theOptionalKeysAndUnknownOnesAreAccepted() {
        let full =
            #"{"time":0,"mobile_event_type":"t","path":"/p","user_id":"u","installation_id":"i","fields":{},"device_properties":{"a":"b"},"metrics":{"m":"1"},"ios_app_state":{"battery_level":0.5,"network_addresses":["::1"]},"ios_device_properties":{"app_name":"x"},"extra":[1]}"#
        #expect(routes.receive(Bodies.upload(Bodies.list([full]))).status == 200)
        #expect(routes.receive(Bodies.upload(#"{"data":[]}"#)).status == 200)
        #expect(received.contains(#""batches":2,"count":1"#))
    }

    @Test func anEventSentAgainIsADuplicate() {
        let first = Bodies.event(extra: #","fields":{"a":"1","b":"2"}"#)
        let reordered = #"{"fields":{"b":"2","a":"1"},"installation_id":"inst-1","mobile_event_type":"app_open","time":1731927483234}"#
        let other = Bodies.event(time: "1731927483235")
        #expect(routes.receive(Bodies.upload(Bodies.list([first, other]))).status == 200)
        // Resent after a kill (the same batch), in another key order, and to another account.
        #expect(routes.receive(Bodies.upload(Bodies.list([first, other]))).status == 200)
        #expect(routes.receive(Bodies.upload(Bodies.list([reordered]))).status == 200)
        #expect(routes.receive(Bodies.upload(Bodies.list([first]), account: "acct2")).status == 200)
        let received = self.received
        #expect(received.contains(#""batches":4,"count":3,"duplicates":3"#), "\(received)")
        #expect(received.contains(#""accounts":{"acct1":2,"acct2":1}"#))
        #expect(received.contains(#"{"account":"acct1","duplicates":2,"event":"#))
    }

    @Test func uploadsAreIndexedWhenReadAndTheIndexCarriesOverToTheNextRead() {
        let event = Bodies.event(extra: #","fields":{"a":"1"}"#)
        #expect(routes.receive(Bodies.upload(Bodies.list([event]))).status == 200)
        #expect(received.contains(#""batches":1,"count":1,"duplicates":0"#), "\(received)")
        // Arrived after the first read: told apart from what that read indexed.
        #expect(routes.receive(Bodies.upload(Bodies.list([event, Bodies.event(time: "7")]))).status == 200)
        let second = received
        #expect(second.contains(#""batches":2,"count":2,"duplicates":1"#), "\(second)")
        #expect(second.contains(#"{"account":"acct1","duplicates":1,"event":"#))
        #expect(received == second)
    }

    @Test func limitKeepsTheNewestUploadsAndEvents() {
        for time in 1...3 { _ = routes.receive(Bodies.upload(Bodies.list([Bodies.event(time: "\(time)")]))) }
        let newest = routes.recorder.receivedJSON(requests: 3, limit: 1)
        #expect(newest.hasPrefix(#"{"requests":3,"batches":3,"count":3,"#))
        #expect(newest.contains(#""events":[{"account":"acct1","duplicates":0,"event":{"time":3,"#))
        #expect(newest.ranges(of: #""status":200"#).count == 1)
        routes.recorder.clear()
        #expect(
            received == #"{"requests":0,"batches":0,"count":0,"duplicates":0,"refused":0,"not_gzipped":0,"accounts":{},"uploads":[],"events":[]}"#
        )
    }
}
