/// A request body read the way FastAPI reads a body declared as a pydantic model, refusing what
/// it refuses with the same status and detail.
///
/// FastAPI answers a body that is not JSON with pydantic 2's shape (the seeds are silent on it):
/// 422 `{"detail":[{"type":"json_invalid","loc":["body",<offset>],"msg":"JSON decode error","input":{},"ctx":{"error":"Expecting value"}}]}`,
/// and a body it cannot even decode (not UTF-8, nested past Python's recursion limit) with
/// 400 `{"detail":"There was an error parsing the body"}`. Validation problems keep the seed's
/// wording (`ValidationProblems`).
package enum JSONBody {
    /// The body as a JSON object, or the answer that refuses it.
    package static func object(_ bytes: [UInt8]) -> Result<WireJSON, BackendAnswer> {
        var problems = ValidationProblems()
        // FastAPI parses only a non-empty body; an empty one is a missing body.
        guard !bytes.isEmpty else {
            problems.missing([.key("body")])
            return .failure(.json(422, problems.json))
        }
        let value: WireJSON
        do throws(WireJSONError) {
            value = try WireJSON.parse(bytes)
        } catch {
            return .failure(refusal(error))
        }
        guard case .object = value else {
            problems.wrongType([.key("body")], expected: .object)
            return .failure(.json(422, problems.json))
        }
        return .success(value)
    }

    /// FastAPI's answer to a body its JSON decoder refused.
    package static func refusal(_ error: WireJSONError) -> BackendAnswer {
        guard let message = error.kind.pythonMessage else { return .json(400, #"{"detail":"There was an error parsing the body"}"#) }
        return .json(
            422,
            #"{"detail":[{"type":"json_invalid","loc":["body",\#(error.offset)],"msg":"JSON decode error","input":{},"ctx":{"error":"#
                + WireText.quote(message) + "}}]}"
        )
    }
}
