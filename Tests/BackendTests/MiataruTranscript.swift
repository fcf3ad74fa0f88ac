import FoundationEssentials
import Hummingbird

/// The recorded exchanges with the real miataru-server 2.3.0 (`Fixtures/miataru-transcript.txt`,
/// copied from the wire notes so that a fresh clone has it).
struct MiataruTranscript {
    struct Step {
        var number: Int
        var method: HTTPRequest.Method
        var path: String
        /// Sent as is; `nil` for a request without a body.
        var body: String?
        var status: Int
        var answer: String
    }

    var steps: [Step] = []

    static func load() throws -> MiataruTranscript {
        let directory = #filePath.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        let data = try Data(contentsOf: URL(fileURLWithPath: directory + "/Fixtures/miataru-transcript.txt"))
        return MiataruTranscript(text: String(decoding: data, as: UTF8.self))
    }

    /// `### [N] METHOD PATH`, an optional `REQ  <body>` line, then `RESP <status> <answer>`, whose
    /// answer runs over the following lines up to the next step or `#` comment.
    init(text: String) {
        var answerLines: [Substring]?
        func finishAnswer() {
            guard let lines = answerLines, !steps.isEmpty else { return }
            steps[steps.count - 1].answer = lines.reversed().drop { $0.isEmpty }.reversed().joined(separator: "\n")
            answerLines = nil
        }
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("### [") {
                finishAnswer()
                let parts = line.dropFirst(5).split(separator: " ")
                steps.append(
                    Step(
                        number: Int(parts[0].dropLast())!,
                        method: HTTPRequest.Method(String(parts[1]))!,
                        path: String(parts[2]),
                        body: nil,
                        status: 0,
                        answer: ""
                    )
                )
            } else if line.hasPrefix("REQ  ") {
                steps[steps.count - 1].body = String(line.dropFirst(5))
            } else if line.hasPrefix("RESP ") {
                steps[steps.count - 1].status = Int(line.dropFirst(5).prefix(3))!
                answerLines = [line.dropFirst(9)]
            } else if line.hasPrefix("#") {
                finishAnswer()
            } else if answerLines != nil {
                answerLines!.append(line)
            }
        }
        finishAnswer()
    }
}
