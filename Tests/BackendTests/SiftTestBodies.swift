import CompressNIO
import FoundationEssentials
import NIOCore

@testable import Backend
@testable import SiftBackend

/// Bodies and headers of Sift uploads, built the way the SDK sends them.
enum SiftTestBodies {
    static func gzip(_ text: String) -> [UInt8] {
        var buffer = ByteBuffer(string: text)
        // Compressing a short in-memory text fails only if zlib cannot allocate.
        return Array(buffer: try! buffer.compress(with: .gzip()))
    }

    static func basic(_ key: String) -> String { "Basic " + Data(key.utf8).base64EncodedString() }

    static func event(time: String = "1731927483234", type: String = "app_open", extra: String = "") -> String {
        #"{"time":\#(time),"mobile_event_type":"\#(type)","installation_id":"inst-1"\#(extra)}"#
    }

    static func list(_ events: [String]) -> String { #"{"data":["# + events.joined(separator: ",") + "]}" }

    /// A gzipped upload of `json` with the SDK's headers.
    static func upload(_ json: String, account: String = "acct1", key: String? = "any-key") -> SiftRoutes.Upload {
        SiftRoutes.Upload(
            account: account,
            authorization: key.map(basic),
            contentEncoding: "gzip",
            contentType: "application/json",
            body: gzip(json)
        )
    }
}
