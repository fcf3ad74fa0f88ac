import Testing

@testable import Backend

/// FastAPI's answers to bodies that are not the JSON object a route wants.
struct JSONBodyTests {
    private func refusal(_ bytes: [UInt8]) -> BackendAnswer? {
        if case .failure(let answer) = JSONBody.object(bytes) { return answer }
        return nil
    }

    private func refusal(_ text: String) -> BackendAnswer? { refusal(Array(text.utf8)) }

    @Test func aBodyThatIsNotJSONIsA422JSONInvalidWithPythonsError() {
        let answer = refusal(#"{"a": 01}"#)
        #expect(answer?.status == 422)
        #expect(
            answer?.body
                == #"{"detail":[{"type":"json_invalid","loc":["body",7],"msg":"JSON decode error","input":{},"ctx":{"error":"Expecting ',' delimiter"}}]}"#
        )
        #expect(refusal(#""a\x""#)?.body.contains(#""ctx":{"error":"Invalid \\escape"}"#) == true)
        #expect(refusal(#"{"entries":[]} trailing"#)?.body.contains(#""loc":["body",15]"#) == true)
    }

    @Test func aBodyPythonCannotDecodeIsA400() {
        let deep = Array(String(repeating: "[", count: 600).utf8)
        for bytes in [[0x7B, 0xFF, 0x7D], [0x22, 0xED, 0xA0, 0x80, 0x22], deep] {
            let answer = refusal(bytes)
            #expect(answer?.status == 400)
            #expect(answer?.body == #"{"detail":"There was an error parsing the body"}"#)
        }
    }

    @Test func anEmptyBodyIsAMissingBody() {
        let answer = refusal([])
        #expect(answer?.status == 422)
        #expect(answer?.body == #"{"detail":[{"loc":["body"],"msg":"field required","type":"value_error.missing"}]}"#)
    }

    @Test func aTopLevelThatIsNotAnObjectIsNotAValidDict() {
        for text in ["[1]", "1", #""x""#, "null", " true "] {
            let answer = refusal(text)
            #expect(answer?.status == 422, "\(text)")
            #expect(answer?.body == #"{"detail":[{"loc":["body"],"msg":"value is not a valid dict","type":"type_error.dict"}]}"#)
        }
    }

    @Test func anObjectIsRead() throws {
        let value = try JSONBody.object(Array(" {\"a\":[]}\n".utf8)).get()
        #expect(value["a"] == .array([]))
    }
}
