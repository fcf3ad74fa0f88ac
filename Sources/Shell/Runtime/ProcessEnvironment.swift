#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// The process environment as a dictionary, read from `environ` (no Foundation at start-up).
package enum ProcessEnvironment {
    package static func current() -> [String: String] {
        var result: [String: String] = [:]
        var pointer = environ
        while let entry = pointer.pointee {
            let text = String(cString: entry)
            if let equals = text.firstIndex(of: "=") {
                result[String(text[..<equals])] = String(text[text.index(after: equals)...])
            }
            pointer += 1
        }
        return result
    }
}
