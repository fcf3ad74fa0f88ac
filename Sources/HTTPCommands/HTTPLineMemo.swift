import HTTPTypes
import JSON
import Ping
import Shell
import Transport

/// What the `http` command kept of one line between its runs in a session: the items its words
/// read as, by position, and its body fields' template. A load device runs the same line
/// thousands of times, its literal words the same strings each time (`BindingShape`): reading
/// them again, and finding the template in the shared cache, would be paid by every request
/// (guarded by the CPU s per 1,000 requests of scripts/bench/load_bench.py).
final class HTTPLineMemo {
    /// Each ITEM word's text and the item it read as.
    var items: [ReadItem] = []

    struct ReadItem {
        var text: String
        var item: RequestItem
    }
    var body: NestedJSONTemplate.Last?
    /// The last answer to the line that set no cookie, and its value.
    var answer: Answer?

    struct Answer {
        var status: Int
        var headers: HTTPFields
        var body: [UInt8]
        var value: JSONObject
    }

    /// The last request the line made and what made it. A line run again with the same words,
    /// against the same host, makes the same request, not made again (reading the items,
    /// filling the body, building the fields): in the Miataru load flow 9 of a device's 12
    /// requests repeat the line before (load_bench.py's CPU s per 1,000 requests).
    var made: KeptRequest?
    /// What the client made of `made`'s request for the wire, kept under its version.
    let prepared = PreparedRequest()
    private var madeVersions: UInt64 = 0

    /// A version for a request made anew, never one of this line's before.
    func nextVersion() -> UInt64 {
        madeVersions += 1
        return madeVersions
    }

    /// A class: taken out of the memo at every run of the line, a struct this size was copied and
    /// destroyed through the runtime's generic witnesses (callgrind).
    final class KeptRequest {
        /// Names the request for `prepared`: another request, another version.
        let version: UInt64
        let words: RequestWords
        /// The binding's `reuseIdentity` when the words were kept or last matched.
        var binding: UInt64
        let host: ServiceHost.Setting?
        let request: Transport.HTTPRequest
        let method: HTTPMethod
        let url: String
        let insecure: Bool
        /// What the JSON body was filled with, when it was filled from its template.
        let filled: FilledBody?

        init(
            version: UInt64,
            words: RequestWords,
            binding: UInt64,
            host: ServiceHost.Setting?,
            request: Transport.HTTPRequest,
            method: HTTPMethod,
            url: String,
            insecure: Bool,
            filled: FilledBody?
        ) {
            self.version = version
            self.words = words
            self.binding = binding
            self.host = host
            self.request = request
            self.method = method
            self.url = url
            self.insecure = insecure
            self.filled = filled
        }
    }

    /// Everything of a line's bound words that its request is made of.
    struct RequestWords {
        var method: String?
        var url: String
        var items: [String]
        var parameters: [Parameter]
        var raw: String?
        var auth: String?
        var form: Bool
        var gzip: Bool
        var insecure: Bool
        var noDecode: Bool

        struct Parameter {
            var key: String
            var value: Value
            var isQuoted: Bool
        }

        /// The words of `context`, whose ITEM values are `items`.
        init(_ context: CommandContext, items: [BoundValue]) {
            method = context.argument("METHOD")?.text
            url = context.string("URL")
            self.items = items.map(\.text)
            parameters = context.command.parameters.map { Parameter(key: $0.key, value: $0.value.value, isQuoted: $0.value.isQuoted) }
            raw = context.option("raw")?.text
            auth = context.option("auth")?.text
            form = context.flag("form")
            gzip = context.flag("gzip")
            noDecode = context.flag("no-decode")
            insecure = context.flag("insecure")
        }

        /// Whether `context`'s words are these (`init`'s, field by field), compared in place:
        /// making the words to compare them was a third of a kept request's cost (guarded by
        /// the CPU s per 1,000 requests of scripts/bench/load_bench.py).
        func matches(_ context: CommandContext, items words: [BoundValue]) -> Bool {
            guard matchesBesideValues(context, itemCount: words.count) else { return false }
            for index in words.indices where items[index] != words[index].text { return false }
            for (kept, bound) in zip(parameters, context.command.parameters)
            where kept.key != bound.key || kept.isQuoted != bound.value.isQuoted || kept.value != bound.value.value {
                return false
            }
            return true
        }

        /// Whether `context`'s words are these but for the ITEMs' and parameters' values: as
        /// many of each, and every other word the same.
        func matchesBesideValues(_ context: CommandContext, itemCount: Int) -> Bool {
            items.count == itemCount && parameters.count == context.command.parameters.count && url == context.string("URL")
                && method == context.argument("METHOD")?.text && raw == context.option("raw")?.text && auth == context.option("auth")?.text
                && form == context.flag("form") && gzip == context.flag("gzip") && insecure == context.flag("insecure")
                && noDecode == context.flag("no-decode")
        }
    }

    /// The line's last few small answer bodies, decoded, oldest first. A server's answers to
    /// one line mostly come from a few bodies (Miataru's ACK has four fish), not decoded and
    /// parsed anew (load_bench.py's CPU s per 1,000 requests). Small and few, for what they
    /// cost a device: at most 4 of at most 256 bytes.
    private var recentBodies: [DecodedBody] = []
    static let recentBodyCount = 4
    static let recentBodyBytes = 256

    private struct DecodedBody {
        var bytes: [UInt8]
        var text: String
        var json: Value
    }

    /// `body` as text and as JSON (`null` when it is not JSON), from the recent bodies when it is one.
    func decoded(_ body: [UInt8]) -> (text: String, json: Value) {
        for recent in recentBodies where recent.bytes == body { return (recent.text, recent.json) }
        let text = String(decoding: body, as: UTF8.self)
        let json = (try? JSONParser.parse(text)) ?? .null
        if body.count <= Self.recentBodyBytes {
            if recentBodies.count == Self.recentBodyCount { recentBodies.removeFirst() }
            recentBodies.append(DecodedBody(bytes: body, text: text, json: json))
        }
        return (text, json)
    }

    /// `answer`, no longer kept: changed, then kept again, without a copy of its value.
    func takeAnswer() -> Answer? {
        defer { answer = nil }
        return answer
    }

    /// The line's URL as typed, the configured host a path went to, and the URL and credentials
    /// they made.
    private var resolved: ResolvedURL?

    /// A struct, not a tuple: a tuple's copies go through the runtime's generic witness.
    private struct ResolvedURL {
        var typed: String
        var host: ServiceHost.Setting?
        var url: String
        var userinfo: String?
    }

    /// The URL `typed` is (a path on the configured host), without its credentials, and those
    /// credentials; kept from the last run while the text and the host are the same, not made
    /// again a request (load_bench.py's CPU s per 1,000 requests).
    func url(
        _ typed: String,
        host: () throws(ShellError) -> ServiceHost.Setting
    ) throws(ShellError) -> (url: String, userinfo: String?, viaHost: ServiceHost.Setting?) {
        // A path goes to the host configured now, which a line between two runs may change.
        let viaHost = TypedURL.goesToDefaultHost(typed) ? try host() : nil
        if let kept = resolved, kept.typed == typed, kept.host == viaHost { return (kept.url, kept.userinfo, viaHost) }
        // The host just asked for is the one `resolve` asks for, and only then.
        let full = try TypedURL.resolve(typed) { () throws(ShellError) in
            if let viaHost { return viaHost }
            return try host()
        }
        let (url, userinfo) = HTTPCredentials.split(full)
        resolved = ResolvedURL(typed: typed, host: viaHost, url: url, userinfo: userinfo)
        return (url, userinfo, viaHost)
    }

    /// What `text`, the ITEM word at `position`, reads as: kept from the last run when the text
    /// is the same.
    func item(_ text: String, at position: Int) -> Result<RequestItem, RequestItem.Problem> {
        if position < items.count, items[position].text == text { return .success(items[position].item) }
        let read = RequestItem.parse(text)
        if case .success(let item) = read {
            if position < items.count {
                items[position] = ReadItem(text: text, item: item)
            } else if position == items.count {
                items.append(ReadItem(text: text, item: item))
            }
        }
        return read
    }
}
