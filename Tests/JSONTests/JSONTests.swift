import Testing

@testable import JSON

struct JSONParserTests {
    @Test func parsesEveryType() throws {
        let value = try JSONParser.parse(#"{"a":1,"b":-2.5e1,"c":"x\u00e9\n","d":[true,false,null],"e":{}}"#)
        guard case .object(let object) = value else {
            Issue.record("object")
            return
        }
        #expect(object.keys == ["a", "b", "c", "d", "e"])
        #expect(object["a"] == .int(1))
        #expect(object["b"] == .double(-25))
        #expect(object["c"] == .string("xé\n"))
        #expect(object["d"] == .array([.bool(true), .bool(false), .null]))
    }

    @Test func surrogatePairs() throws {
        #expect(try JSONParser.parse(#""\ud83d\ude00""#) == .string("😀"))
    }

    @Test(arguments: ["", "[1,]", "{\"a\" 1}", "01", "1.", "tru", "\"abc", "[1] x", "{'a':1}", "\"\\ud800\""])
    func rejectsInvalid(_ text: String) {
        #expect(throws: JSONParser.Failure.self) { try JSONParser.parse(text) }
    }

    @Test func failureOffsetCountsScalars() {
        do {
            _ = try JSONParser.parse("[\"é\",,]")
            Issue.record("expected failure")
        } catch {
            #expect(error.offset == 5)
        }
    }

    @Test func deepNestingIsAnErrorNotACrash() {
        let text = String(repeating: "[", count: 10_000)
        #expect(throws: JSONParser.Failure.self) { try JSONParser.parse(text) }
    }

    @Test func writerRoundTrips() throws {
        let text = #"{"name":"a\"b","list":[1,2.5,null,true],"nested":{"k":"\u0001"}}"#
        let value = try JSONParser.parse(text)
        #expect(try JSONParser.parse(JSONWriter.compact(value)) == value)
        #expect(try JSONParser.parse(JSONWriter.pretty(value)) == value)
        #expect(JSONWriter.compact(.double(2)) == "2.0")
    }
}

struct SimpleScalarTests {
    @Test func simpleScalarsReadAsTheParserReadsThem() throws {
        for text in ["0", "-7", "9.99", "1e3", "-2.5E-3", "true", "false", "null", "9223372036854775807"] {
            #expect(JSONParser.simpleScalar(text) == (try JSONParser.parse(text, exactNumbers: true)), "\(text)")
        }
        // What has no exact value is left to the parser, which refuses it when exact numbers are asked for.
        for text in ["9223372036854775808", "1e999"] {
            #expect(JSONParser.simpleScalar(text) == nil, "\(text)")
            #expect(throws: JSONParser.Failure.self) { try JSONParser.parse(text, exactNumbers: true) }
        }
        for text in ["01", "[1]", "\"a\"", "tru", ""] { #expect(JSONParser.simpleScalar(text) == nil, "\(text)") }
    }
}

struct JSONObjectTests {
    @Test func keysKeepInsertionOrderAndARemovedKeyComesBackLast() {
        var object = JSONObject()
        for key in ["z", "a", "m"] { object[key] = .string(key) }
        object["a"] = .int(1)
        #expect(object.keys == ["z", "a", "m"])
        object["z"] = nil
        object["z"] = .null
        #expect(object.keys == ["a", "m", "z"])
        #expect(object.map(\.key) == ["a", "m", "z"])
        #expect(object.count == 3)
        #expect(JSONWriter.compact(.object(object)) == #"{"a":1,"m":"m","z":null}"#)
    }

    @Test func anObjectMadeWithRoomStartsEmptyAndGrowsPastIt() {
        var object = JSONObject(minimumCapacity: 2)
        #expect(object.count == 0)
        #expect(object == JSONObject())
        for index in 0..<5 { object["k\(index)"] = .int(index) }
        #expect(object.keys == ["k0", "k1", "k2", "k3", "k4"])
        #expect(JSONWriter.compact(.object(object)) == #"{"k0":0,"k1":1,"k2":2,"k3":3,"k4":4}"#)
    }

    @Test func equalityIgnoresOrderAsJSONDoes() {
        var forward = JSONObject()
        forward["a"] = 1
        forward["b"] = 2
        var backward = JSONObject()
        backward["b"] = 2
        backward["a"] = 1
        #expect(forward == backward)
        backward["a"] = 3
        #expect(forward != backward)
        backward["a"] = nil
        #expect(forward != backward)
    }
}
