import FoundationEssentials
import Platform

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Small file helpers for tests.
package enum SDKBenchFiles {
    /// The file's text, or nil when it cannot be read.
    package static func read(_ path: String) -> String? { try? FileReader.readText(path) }

    package static func exists(_ path: String) -> Bool { access(path, F_OK) == 0 }

    /// The permission bits of a file (e.g. 0o600).
    package static func mode(_ path: String) -> mode_t? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return info.st_mode & 0o777
    }

    /// Every regular file under `directory`, at any depth, as a path beginning with `directory`;
    /// none when it cannot be read. For tests that look through everything a run left behind.
    package static func regularFiles(under directory: String) -> [String] {
        let paths = (try? FileManager.default.subpathsOfDirectory(atPath: directory)) ?? []
        return paths.map { directory + "/" + $0 }.filter { path in
            var info = stat()
            return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
        }
    }

    /// The directory holding the test binary, where SwiftPM also puts the `sdkbench` executable.
    package static var buildProductsDirectory: String {
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        let path = count > 0 ? String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self) : ""
        var directory = path
        // Inside an .xctest bundle on Linux the runner is the bundle itself; step out of it.
        while let slash = directory.lastIndex(of: "/") {
            directory = String(directory[..<slash])
            if access(directory + "/sdkbench", X_OK) == 0 { return directory }
            if directory.isEmpty { break }
        }
        return "."
    }

    /// The `sdkbench` executable under test: `SDKBENCH_BINARY` when set, else the one beside the tests.
    package static var sdkbenchExecutable: String {
        if let override = getenv("SDKBENCH_BINARY") { return String(cString: override) }
        return buildProductsDirectory + "/sdkbench"
    }
}
