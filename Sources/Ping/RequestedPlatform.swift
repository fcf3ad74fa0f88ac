#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// The name this platform goes by in `x-requested-platform` (the seed's `ios`).
package enum RequestedPlatform {
    package static let name: String = {
        var info = utsname()
        uname(&info)
        let system = withUnsafeBytes(of: &info.sysname) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        return system.isEmpty ? "linux" : system.lowercased()
    }()
}
