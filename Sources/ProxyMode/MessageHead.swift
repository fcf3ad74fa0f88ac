/// The head of an HTTP/1.x request or answer as it came: its bytes, where each header line lies in
/// them, and what the proxy needs to know to frame the body and keep the connection.
///
/// The proxy forwards these bytes, not a re-encoding of a parsed form, so what the upstream
/// receives is what the client sent (header case, order, spacing), with only the lines the proxy
/// adds or replaces (`ForwardedHead`).
struct MessageHead: Sendable {
    /// The head's bytes, from the start line to the blank line that ends it, inclusive.
    let bytes: [UInt8]
    /// Request: the method, the target and the version; answer: the version, the status code and the reason.
    let startLine: (first: String, second: String, third: String)
    /// Each header as (name, value, the range of its whole line in `bytes`, line ending included).
    let fields: [(name: String, value: String, line: Range<Int>)]

    /// `HTTP/1.1` or `HTTP/1.0`.
    let version: String
    /// Each field's name in lower case, made once: framing and keep-alive look several names up.
    private let lowerNames: [String]

    init(
        bytes: [UInt8],
        startLine: (first: String, second: String, third: String),
        fields: [(name: String, value: String, line: Range<Int>)],
        version: String
    ) {
        self.bytes = bytes
        self.startLine = startLine
        self.fields = fields
        self.version = version
        lowerNames = fields.map { $0.name.lowercased() }
    }

    /// The first value of a header, ignoring the name's case.
    func value(_ name: String) -> String? {
        lowerNames.firstIndex(of: name).map { fields[$0].value }
    }

    /// Every value of a header (its lines in order), ignoring the name's case.
    func values(_ name: String) -> [String] {
        lowerNames.indices.filter { lowerNames[$0] == name }.map { fields[$0].value }
    }

    /// Whether a list-valued header (`Connection`, `Transfer-Encoding`) holds `token`, ignoring case.
    func listContains(_ name: String, token: String) -> Bool {
        values(name).contains { value in
            value.split(separator: ",").contains { $0.trimmingBlanks().lowercased() == token }
        }
    }

    /// Whether the sender wants the connection kept after this message: HTTP/1.1 unless
    /// `Connection: close`; HTTP/1.0 only with `Connection: keep-alive`.
    var keepsAlive: Bool {
        if listContains("connection", token: "close") { return false }
        return version == "HTTP/1.1" || listContains("connection", token: "keep-alive")
    }
}

extension Substring {
    func trimmingBlanks() -> Substring {
        var text = self
        while let first = text.first, first == " " || first == "\t" { text.removeFirst() }
        while let last = text.last, last == " " || last == "\t" { text.removeLast() }
        return text
    }
}
