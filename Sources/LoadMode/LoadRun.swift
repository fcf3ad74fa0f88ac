import Platform
import Script
import Shell

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// One `sdkbench load` run of this machine's devices, whole: the sessions, the embedded backend
/// they share, the outputs, the work directory, the driver, the summary and reports. The
/// executable parses its options into this and calls `run`; it holds no orchestration of its own.
package struct LoadRun: Sendable {
    package var plan: LoadPlan
    /// The script every device runs: its name as given and its bytes.
    package var scriptName: String
    package var scriptBytes: [UInt8]
    /// How each device's session is made: the catalog, the given variables, the script size limit.
    package var sessions: SessionFactory
    package var sourceAddresses: SourceAddresses?
    package var thresholds: [LoadThreshold] = []
    package var outputs: [LoadOutputSpec] = []
    /// Devices keep their engine state in files, kept at the end (`--keep-state`).
    package var keepsState = false
    package var quiet = false
    /// The devices are not freed at the end: the process exits next (`LoadDriver.leavesDevicesToExit`).
    package var leavesDevicesToExit = false

    package init(plan: LoadPlan, scriptName: String, scriptBytes: [UInt8], sessions: SessionFactory) {
        self.plan = plan
        self.scriptName = scriptName
        self.scriptBytes = scriptBytes
        self.sessions = sessions
    }

    /// Why this machine cannot start the devices the plan asks of it (with the limit found), or
    /// `nil`: refused up front rather than run with the devices the system would make.
    package func capacityRefusal() -> String? {
        DeviceCapacity.raiseDescriptorLimit()
        let devices = plan.segment.share(of: plan.rate == nil ? plan.devices : plan.maxDevices ?? plan.devices)
        return DeviceCapacity.measure().refusal(
            devices: devices,
            sharded: plan.segment.count > 1,
            keepsConnections: plan.idleClose == nil,
            sourceAddresses: sourceAddresses?.addresses.count ?? 1,
            heldShare: DeviceCapacity.heldShare(think: plan.think, idleClose: plan.idleClose, rampUp: plan.rampUp),
            closesWhenIdle: plan.idleClose.map { plan.think > $0 } ?? false
        )
    }

    /// Runs the devices with their work under `stateDirectory`, told on `terminal`, and returns
    /// the exit status: `.parse` when the script does not check, `.runtime` when the run was
    /// interrupted or something of its own could not be written, `.expectation` when a threshold
    /// failed. A signal counted past `signalsSince` stops the run as soon as it begins;
    /// `watchdog` is told when the run shuts down.
    package func run(terminal: Output, stateDirectory: String, signalsSince signals: Int, watchdog: UnansweredSignalWatchdog?) -> ExitStatus {
        // One embedded backend for every device, started by the first that needs it: a script
        // that configures a host uses that host, and no backend starts.
        let backend = SharedEmbeddedBackend(groups: sessions.catalog.backendGroups)
        // A test (and a user) seeing the run directory knows the devices are about to start.
        let work: RunWorkDirectory
        do {
            work = try RunWorkDirectory.make(under: stateDirectory, folder: "load")
        } catch {
            terminal.writeError("sdkbench load: \(error.description)\n")
            return .runtime
        }
        let catalog = sessions.catalog
        let devices = LoadDeviceSessions(factory: sessions, stateStorage: keepsState ? .files : .memory, backend: backend)
        var driver = LoadDriver(plan: plan, classify: { catalog.requestKind(method: $0, path: $1) }, sourceAddresses: sourceAddresses) {
            [devices] _, home, transport, insecure in
            devices.make(home: home, transport: transport, insecure: insecure)
        }
        driver.leavesDevicesToExit = leavesDevicesToExit
        let control = LoadControl()
        let outputs = LoadOutputs(outputs, terminal: terminal, environment: sessions.processEnvironment)
        // Each second's histograms only for what shows them.
        let metrics = LoadMetrics(keepsIntervals: outputs.keepsIntervals)
        outputs.start(plan: plan, metrics: metrics, control: control)
        let checked = CheckedScript(SourceFile(name: scriptName, fileBytes: scriptBytes), table: catalog.table)
        // A kind is named by its line (`http GET /basic-auth/u/PASS -a u:PASS`): masked in the summary and every report.
        checked.registerSecrets(in: terminal.secrets)
        var report = driver.run(checked, workDirectory: work.path, metrics: metrics, control: control, signalsSince: signals)
        report.script = LoadScriptIdentity(name: scriptName, sha256: SHA256Digest.hex(of: scriptBytes))
        outputs.stop()
        if keepsState {
            do throws(FileError) {
                let kept = try work.keep()
                if !quiet { terminal.writeError("sdkbench load: the devices' state is kept in \(kept)\n") }
            } catch {
                terminal.writeError("sdkbench load: \(error.description); the devices' state stays in \(work.path)\n")
            }
        } else {
            work.remove()
        }
        backend.stop()
        watchdog?.enter(.shutdown)
        if let refusal = control.refusal {
            terminal.writeError(refusal.map { "\($0)\n" }.joined() + "sdkbench load: '\(scriptName)' does not check; nothing was measured\n")
            terminal.flush()
            return .parse
        }
        let status = LoadRunEnd.finish(report, thresholds: thresholds, quiet: quiet, outputs: outputs, to: terminal)
        // Stopped early, the run did not do what was asked: not a success, whatever its thresholds
        // say (as `sdkbench run` stopped by a signal).
        return report.interrupted ? .runtime : status
    }
}
