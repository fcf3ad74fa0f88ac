import FoundationEssentials
import Platform

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// A fresh directory under /tmp for one test, removed by `remove()`.
package struct TemporaryDirectory: Sendable {
    package let path: String

    package init(_ prefix: String = "sdkbench-test") {
        var template = Array("/tmp/\(prefix)-XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        precondition(made != nil, "mkdtemp failed")
        path = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Writes a file (creating nothing else: `name` may hold a `/` only below directories that
    /// exist) and returns its path.
    @discardableResult
    package func write(_ name: String, _ text: String) -> String {
        let file = path + "/" + name
        do throws(FileError) {
            try AtomicFile.write(Array(text.utf8), to: file)
        } catch {
            preconditionFailure(error.description)
        }
        return file
    }

    /// The file's contents, or nil when it cannot be read.
    package func read(_ name: String) -> String? {
        SDKBenchFiles.read(path + "/" + name)
    }

    /// The names in the directory, sorted (hidden ones too: a leftover temporary file shows).
    package func names() -> [String] { SystemFiles.list(path).sorted() }

    /// Removes the directory and all it holds; synchronous, so that it can run in a `defer`.
    package func remove() {
        try? FileManager.default.removeItem(atPath: path)
    }
}
