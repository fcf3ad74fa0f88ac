import Backend
import Dispatch
import Shell
import Synchronization
import Transport

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// `sdkbench proxy` from start to signal: the embedded backend when the upstream is `local`, the
/// proxy, a line per exchange (and the exchange to the recording, as it ends), and on SIGINT or
/// SIGTERM a stop within the budget, after which the recording says what it kept. The
/// executable parses its options into `Options` and calls `run`.
package enum ProxyRun {
    package struct Options: Sendable {
        package var address: ProxyListenAddress
        /// `nil`: the embedded backend, started here with `backendGroups`.
        package var upstream: ParsedURL?
        package var backendGroups: [BackendRouteGroup]
        package var verifiesCertificates: Bool
        package var upstreamTimeout: Duration
        package var keepsHost: Bool
        package var limits: ListenerLimits
        package var json: Bool
        package var verbose: Bool

        package init(
            address: ProxyListenAddress,
            upstream: ParsedURL?,
            backendGroups: [BackendRouteGroup],
            verifiesCertificates: Bool,
            upstreamTimeout: Duration,
            keepsHost: Bool,
            limits: ListenerLimits,
            json: Bool,
            verbose: Bool
        ) {
            self.address = address
            self.upstream = upstream
            self.backendGroups = backendGroups
            self.verifiesCertificates = verifiesCertificates
            self.upstreamTimeout = upstreamTimeout
            self.keepsHost = keepsHost
            self.limits = limits
            self.json = json
            self.verbose = verbose
        }
    }

    /// How long exchanges in hand may take to end after the signal (as `serve`'s).
    package static let shutdownBudget = Duration.milliseconds(1500)

    /// - Parameter recording: given each exchange as it ends; `nil` keeps none.
    package static func run(_ options: Options, generator: ProxyLineGenerator, recording: (any ProxyExchangeKeeper)?) -> ExitStatus {
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
        recording: (any ProxyExchangeKeeper)?
    ) async -> ExitStatus {
        var backend: LocalBackend?
        let upstream: ParsedURL
        do {
            if let given = options.upstream {
                upstream = given
            } else {
                let local = try await LocalBackend.start(host: "127.0.0.1", port: 0, groups: options.backendGroups)
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
