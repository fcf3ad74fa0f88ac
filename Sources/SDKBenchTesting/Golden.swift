import Platform

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Golden-text comparison: the expected text lives in a file beside the test.
/// `SDKBENCH_UPDATE_GOLDEN=1 swift test` rewrites the files from the actual output.
package enum Golden {
    /// Compares `actual` with `directory/name`; returns nil when equal, else a readable diff.
    package static func mismatch(_ actual: String, file name: String, directory: String) -> String? {
        let path = directory + "/" + name
        if getenv("SDKBENCH_UPDATE_GOLDEN") != nil {
            do throws(FileError) {
                try AtomicFile.write(Array(actual.utf8), to: path)
                return nil
            } catch {
                return "cannot update golden file: \(error)"
            }
        }
        guard let expected = SDKBenchFiles.read(path) else { return "missing golden file \(path) (run with SDKBENCH_UPDATE_GOLDEN=1)" }
        guard expected != actual else { return nil }
        return "golden mismatch for \(name):\n" + diff(expected: expected, actual: actual)
    }

    /// The directory of a test source file, from `#filePath`.
    package static func directory(of filePath: String) -> String {
        String(filePath[..<(filePath.lastIndex(of: "/") ?? filePath.endIndex)])
    }

    static func diff(expected: String, actual: String) -> String {
        let left = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let right = actual.split(separator: "\n", omittingEmptySubsequences: false)
        var out = ""
        for index in 0..<max(left.count, right.count) {
            let a = index < left.count ? String(left[index]) : "<none>"
            let b = index < right.count ? String(right[index]) : "<none>"
            if a != b { out += "line \(index + 1):\n  expected: \(a)\n  actual:   \(b)\n" }
        }
        return out
    }
}

extension String {
    /// The pieces between occurrences of `separator` (no Foundation): `a,b` by `,` is `a` and `b`.
    package func components(_ separator: String) -> [Substring] {
        var parts: [Substring] = []
        var rest = self[...]
        while let range = rest.firstRange(of: separator) {
            parts.append(rest[..<range.lowerBound])
            rest = rest[range.upperBound...]
        }
        parts.append(rest)
        return parts
    }
}
