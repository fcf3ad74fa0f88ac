import Backend
import Dispatch
import ProxyMode
import SDKBenchCatalog
import Shell
import Synchronization
import Transport

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// `sdkbench proxy` from start to signal: the embedded backend when the upstream is `local`, the
/// proxy, a line per exchange (and the exchange to the recording, as it ends), and on SIGINT or
/// SIGTERM a stop within the budget, after which the recording says what it kept.
enum ProxyRun {
    struct Options {
        var address: ProxyListenAddress
        /// `nil`: the embedded backend, started here.
        var upstream: ParsedURL?
        var verifiesCertificates: Bool
        var upstreamTimeout: Duration
        var keepsHost: Bool
        var limits: ListenerLimits
        var json: Bool
        var verbose: Bool
    }

    /// How long exchanges in hand may take to end after the signal (as `serve`'s).
    static let shutdownBudget = Duration.milliseconds(1500)

    /// - Parameter recording: given each exchange as it ends; `nil` keeps none.
    static func run(_ options: Options, generator: ProxyLineGenerator, recording: ProxyRecording?) -> ExitStatus {
        // The signals are handled by Dispatch sources, not by the default action that kills.
        signal(SIGINT, SIG_IGN)
        signal(SIGTERM, SIG_IGN)
        let stopRequested = DispatchSemaphore(value: 0)
        let sources = [SIGINT, SIGTERM].map { number in
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { stopRequested.signal() }
            source.resume()
            return source
        }
        let done = DispatchSemaphore(value: 0)
        let status = Mutex(ExitStatus.success)
        let printer = ProxyPrinter(json: options.json)
        Task {
            let result = await serve(options, generator: generator, printer: printer, stopRequested: stopRequested, recording: recording)
            status.withLock { $0 = result }
            done.signal()
        }
        done.wait()
        for source in sources { source.cancel() }
        return status.withLock { $0 }
    }

    private static func serve(
        _ options: Options,
        generator: ProxyLineGenerator,
        printer: ProxyPrinter,
        stopRequested: DispatchSemaphore,
        recording: ProxyRecording?
    ) async -> ExitStatus {
        var backend: LocalBackend?
        let upstream: ParsedURL
        do {
            if let given = options.upstream {
                upstream = given
            } else {
                let local = try await LocalBackend.start(host: "127.0.0.1", port: 0, groups: ShellCatalog.standard.backendGroups)
                backend = local
                upstream = try ParsedURL(local.url)
            }
        } catch {
            printer.problem("sdkbench proxy: cannot start the embedded backend: \(error)")
            printer.drain()
            return .runtime
        }
        let configuration = ProxyConfiguration(
            listenHost: options.address.host,
            listenPort: options.address.port,
            upstream: upstream,
            verifiesCertificates: options.verifiesCertificates,
            upstreamTimeout: options.upstreamTimeout,
            keepsHost: options.keepsHost,
            limits: options.limits
        )
        let proxy: ProxyServer
        do {
            proxy = try await ProxyServer.start(configuration) { event in
                if let recording, case .exchange(let proxied) = event { recording.add(proxied.exchange) }
                if options.json {
                    printer.render(asRecord: true) { generator.json(event) }
                } else {
                    printer.render(asRecord: false) { generator.text(event, verbose: options.verbose) }
                }
            } notice: {
                printer.problem("sdkbench proxy: \($0)")
            }
        } catch {
            printer.problem("sdkbench proxy: cannot listen: \(error)")
            printer.drain()
            await backend?.stop()
            return .runtime
        }
        printer.line("sdkbench proxy: \(options.address.url(port: proxy.port)) → \(upstream.origin)" + (backend == nil ? "" : " (embedded backend)"))
        if !options.address.isLoopback {
            printer.problem(
                "sdkbench proxy: listening on \(options.address.host), not loopback: anyone on that network can send through this proxy and read the decoded view"
            )
        }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            DispatchQueue.global().async {
                stopRequested.wait()
                continuation.resume()
            }
        }
        let cut = await proxy.stop(budget: shutdownBudget).cut
        await backend?.stop()
        if cut { printer.problem("sdkbench proxy: exchanges still open \(shutdownBudget) after the signal were cut short") }
        printer.problem("sdkbench proxy: stopped after \(proxy.exchangeCount) exchange\(proxy.exchangeCount == 1 ? "" : "s")")
        printer.drain()
        recording?.finish()
        return cut ? .runtime : .success
    }
}

/// Writes the proxy's lines whole, from any event loop: human lines to stdout (stderr under
/// `--json`), NDJSON records to stdout, problems to stderr.
///
/// Lines are gathered and written by one drain on a queue of its own: an idle proxy writes each
/// line at once, a busy one writes many in one call instead of a write and a flush per exchange
/// on its event loops. Exchanges are decoded (Hamon's AES, Sift's gunzip, JSON) on that queue
/// too, in order: on the event loop, decoding delayed the next exchange's forwarding (p50 added
/// on one connection 0.58-0.60 ms before, 0.19-0.33 ms after; scripts/bench/proxy_bench.py).
final class ProxyPrinter: Sendable {
    private struct Pending {
        var out: [UInt8] = []
        var err: [UInt8] = []
        var draining = false
    }

    private let json: Bool
    private let pending = Mutex(Pending())
    private let queue = DispatchQueue(label: "sdkbench.proxy.printer")

    init(json: Bool) { self.json = json }

    func line(_ text: String) { append(text, toErr: json) }

    func record(_ text: String) { append(text, toErr: false) }

    func problem(_ text: String) { append(text, toErr: true) }

    /// Makes a line (or, `asRecord`, an NDJSON record) off the caller's thread, in the order
    /// given, and prints it.
    func render(asRecord: Bool, _ make: @escaping @Sendable () -> String) {
        // On the writing queue itself: a line made there is written by a drain queued after the
        // lines waiting to be made; one thread to wake, not two (a queue each measured the same,
        // p50 added 0.17-0.33 ms on one connection either way).
        queue.async { [self] in
            if asRecord { record(make()) } else { line(make()) }
        }
    }

    /// Waits until every line given so far is made and written.
    func drain() { queue.sync { write() } }

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
