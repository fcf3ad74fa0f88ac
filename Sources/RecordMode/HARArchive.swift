/// An HTTP Archive, HAR 1.2 (http://www.softwareishard.com/blog/har-12-spec/): what browsers,
/// mitmproxy's `hardump`, Proxyman and Charles write, and what `sdkbench proxy --har` writes.
///
/// The fields writers leave out are optional, so a file from any of them decodes; those HAR 1.2
/// requires are filled when the workbench writes one (`HARArchive(exchanges:creator:)`).
/// A HAR holds the traffic as it was, keys and tokens too: `GrowingHARFile` writes it 0600.
package struct HARArchive: Codable, Sendable, Equatable {
    package var log: Log

    package init(log: Log) { self.log = log }

    package struct Log: Codable, Sendable, Equatable {
        package var version: String?
        package var creator: Creator?
        package var entries: [Entry]
        package var comment: String?

        package init(version: String? = "1.2", creator: Creator?, entries: [Entry]) {
            self.version = version
            self.creator = creator
            self.entries = entries
        }
    }

    /// The program that wrote the file.
    package struct Creator: Codable, Sendable, Equatable {
        package var name: String
        package var version: String?

        package init(name: String, version: String?) {
            self.name = name
            self.version = version
        }
    }

    /// One request and its answer.
    package struct Entry: Codable, Sendable, Equatable {
        package var pageref: String?
        /// ISO 8601, with a zone (`2025-11-18T12:24:43.234Z`, `…+01:00`).
        package var startedDateTime: String?
        /// Milliseconds from the request's first byte to the answer's last.
        package var time: Double?
        package var request: Request
        /// Missing in a file written while an answer was awaited; such an entry is skipped.
        package var response: Response?
        package var cache: Cache?
        package var timings: Timings?
        package var serverIPAddress: String?
        package var connection: String?
        package var comment: String?
    }

    package struct Request: Codable, Sendable, Equatable {
        package var method: String
        package var url: String
        package var httpVersion: String?
        package var cookies: [Cookie]?
        package var headers: [Header]?
        package var queryString: [Header]?
        package var postData: PostData?
        package var headersSize: Int?
        package var bodySize: Int?
    }

    package struct Response: Codable, Sendable, Equatable {
        package var status: Int
        package var statusText: String?
        package var httpVersion: String?
        package var cookies: [Cookie]?
        package var headers: [Header]?
        package var content: Content?
        package var redirectURL: String?
        package var headersSize: Int?
        package var bodySize: Int?
    }

    /// A header or a query item.
    package struct Header: Codable, Sendable, Equatable {
        package var name: String
        package var value: String

        package init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    package struct Cookie: Codable, Sendable, Equatable {
        package var name: String
        package var value: String
    }

    /// A request body. HAR 1.2 gives it no `encoding`; mitmproxy and the workbench write
    /// `"encoding": "base64"` for bytes that are not UTF-8, as `Content` has it.
    package struct PostData: Codable, Sendable, Equatable {
        package var mimeType: String?
        package var text: String?
        package var encoding: String?
        package var params: [Param]?
    }

    /// A form field of `PostData` (a writer may give these instead of `text`).
    package struct Param: Codable, Sendable, Equatable {
        package var name: String
        package var value: String?
    }

    /// An answer's body: `text`, base64 when `encoding` says so.
    package struct Content: Codable, Sendable, Equatable {
        package var size: Int?
        package var compression: Int?
        package var mimeType: String?
        package var text: String?
        package var encoding: String?
    }

    /// HAR 1.2 requires the object; nothing in it is used.
    package struct Cache: Codable, Sendable, Equatable {
        package init() {}
    }

    /// Milliseconds; -1 for a phase that does not apply.
    package struct Timings: Codable, Sendable, Equatable {
        package var blocked: Double?
        package var dns: Double?
        package var connect: Double?
        package var send: Double?
        package var wait: Double?
        package var receive: Double?
        package var ssl: Double?
    }
}
