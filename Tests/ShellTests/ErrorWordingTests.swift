import Foundation
import SDKBenchShellTesting
import SDKBenchTesting
import Testing

@testable import Shell

/// Errors name their target and what to check, and each failure is said once.
@Suite(.timeLimit(.minutes(1)))
struct ErrorWordingTests {
    @Test func anUnreachableMiataruServerIsNamedWithWhatToCheck() async {
        let harness = ShellHarness()
        let run = await harness.execute("miataru server http://127.0.0.1:1\nmiataru location get phone-x\n")
        await harness.close()
        #expect(run.status == .runtime)
        #expect(run.stderr.contains("error: miataru: no answer from http://127.0.0.1:1 (network unavailable: connection refused)"), "\(run.stderr)")
        #expect(run.stderr.contains("= check 'miataru server' (or 'configure host') and that the server is running there"), "\(run.stderr)")
    }

    @Test func aPortInUseSaysSoAndWhatToDo() async throws {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(listener) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(listener, $0, length) == 0 && listen(listener, 1) == 0 && getsockname(listener, $0, &length) == 0
            }
        }
        try #require(bound)
        let port = Int(UInt16(bigEndian: address.sin_port))
        let harness = ShellHarness()
        let run = await harness.execute("backend start --port \(port)\n")
        await harness.close()
        #expect(run.status == .runtime)
        #expect(
            run.stderr.contains("cannot start the local backend: 127.0.0.1:\(port) is already in use (choose another --port, or 0 for a free one)"),
            "\(run.stderr)"
        )
        #expect(!run.stderr.contains("errno"), "\(run.stderr)")
    }

    @Test func aFailedPerfFlushIsSaidOnce() async {
        let harness = ShellHarness()
        let run = await harness.execute(
            """
            perf destination add analytics http://127.0.0.1:1/batch --batch 100
            perf start a b
            perf end a b
            perf flush
            """
        )
        #expect(run.status == .runtime)
        #expect(run.stderr.components(separatedBy: "connection refused").count == 2, "\(run.stderr)")
        await harness.close()
    }
}

/// `miataru server` takes a host as `configure host` does, files keys under one spelling of a
/// server, and says where a key is when it is filed under another name.
@Suite(.timeLimit(.minutes(1)))
struct MiataruServerNameTests {
    @Test func aKeyFiledUnderAnotherNameIsPointedTo() async {
        let harness = ShellHarness()
        let run = await harness.execute(
            """
            miataru device phone-n
            miataru key set name-key-12345
            backend status
            """
        )
        #expect(run.status == .success, "\(run.stderr)")
        let port =
            run.stdout.split(separator: "\n").compactMap { line -> String? in
                guard let range = line.firstRange(of: "http://127.0.0.1:") else { return nil }
                return String(line[range.upperBound...].prefix { $0.isNumber })
            }.first ?? "0"
        let other = await harness.execute(
            """
            miataru server HTTP://127.0.0.1:\(port)/
            expect last.server == "http://127.0.0.1:\(port)"
            miataru server 127.0.0.1:\(port)
            expect last.store == "http://127.0.0.1:\(port)"
            miataru key show
            """
        )
        await harness.close()
        #expect(other.status == .success, "\(other.stderr)")
        #expect(other.stdout.contains("phone-n: no DeviceKey stored for http://127.0.0.1:\(port) (looked for "), "\(other.stdout)")
        #expect(other.stdout.contains("a key of phone-n is stored for local"), "\(other.stdout)")
    }
}
