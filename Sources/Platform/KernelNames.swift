#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// What the kernel says of itself through uname(2) and gethostname(2).
struct KernelNames {
    var release: String?
    var machine: String?
    var hostname: String?

    static func read() -> KernelNames {
        var names = utsname()
        guard uname(&names) == 0 else { return KernelNames() }
        var host = [CChar](repeating: 0, count: 256)
        let hostname =
            gethostname(&host, host.count - 1) == 0 ? String(decoding: host.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) : ""
        return KernelNames(
            release: nonEmpty(withUnsafeBytes(of: &names.release, text)),
            machine: nonEmpty(withUnsafeBytes(of: &names.machine, text)),
            hostname: nonEmpty(hostname)
        )
    }

    private static func text(_ bytes: UnsafeRawBufferPointer) -> String {
        String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
    }

    private static func nonEmpty(_ text: String) -> String? { text.isEmpty ? nil : text }
}
