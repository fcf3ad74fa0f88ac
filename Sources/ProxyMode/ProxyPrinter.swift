import Dispatch
import Synchronization

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Writes the proxy's lines whole, from any event loop: human lines to stdout (stderr under
/// `--json`), NDJSON records to stdout, problems to stderr.
///
/// Lines are gathered and written by one drain on a queue of its own: an idle proxy writes each
/// line at once, a busy one writes many in one call instead of a write and a flush per exchange
/// on its event loops. Exchanges are decoded (Hamon's AES, Sift's gunzip, JSON) on that queue
/// too, in order: on the event loop, decoding delayed the next exchange's forwarding (p50 added
/// on one connection 0.58-0.60 ms before, 0.19-0.33 ms after; scripts/bench/proxy_bench.py).
package final class ProxyPrinter: Sendable {
    private struct Pending {
        var out: [UInt8] = []
        var err: [UInt8] = []
        var draining = false
    }

    private let json: Bool
    private let pending = Mutex(Pending())
    private let queue = DispatchQueue(label: "sdkbench.proxy.printer")

    package init(json: Bool) { self.json = json }

    package func line(_ text: String) { append(text, toErr: json) }

    package func record(_ text: String) { append(text, toErr: false) }

    package func problem(_ text: String) { append(text, toErr: true) }

    /// Makes a line (or, `asRecord`, an NDJSON record) off the caller's thread, in the order
    /// given, and prints it.
    package func render(asRecord: Bool, _ make: @escaping @Sendable () -> String) {
        // On the writing queue itself: a line made there is written by a drain queued after the
        // lines waiting to be made; one thread to wake, not two (a queue each measured the same,
        // p50 added 0.17-0.33 ms on one connection either way).
        queue.async { [self] in
            if asRecord { record(make()) } else { line(make()) }
        }
    }

    /// Waits until every line given so far is made and written.
    package func drain() { queue.sync { write() } }

    private func append(_ text: String, toErr: Bool) {
        let start = pending.withLock { pending -> Bool in
            if toErr {
                pending.err.append(contentsOf: text.utf8)
                pending.err.append(10)
            } else {
                pending.out.append(contentsOf: text.utf8)
                pending.out.append(10)
            }
            defer { pending.draining = true }
            return !pending.draining
        }
        if start { queue.async { [self] in write() } }
    }

    private func write() {
        let (out, err) = pending.withLock { pending in
            defer {
                pending.out.removeAll(keepingCapacity: true)
                pending.err.removeAll(keepingCapacity: true)
                pending.draining = false
            }
            return (pending.out, pending.err)
        }
        Self.writeAll(err, to: 2)
        Self.writeAll(out, to: 1)
    }

    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if written < 0, errno == EINTR { continue }
            if written <= 0 { return }
            offset += written
        }
    }
}
