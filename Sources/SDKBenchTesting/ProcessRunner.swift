import Dispatch
import Platform
import Subprocess
import Synchronization
import SystemPackage

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Runs a program with arguments, environment and stdin, capturing both output streams, under a
/// deadline.
///
/// swift-subprocess does the spawning: close-on-exec pipes (a long-lived `serve` started by one
/// test must not hold another test's pipe open), default signal dispositions and an empty mask in
/// the child (the test runner may block or ignore signals; Ctrl-C and SIGTERM tests must test
/// sdkbench, not the runner's mask), and both outputs drained while stdin is written.
///
/// ```swift
/// let result = await ProcessRunner.run(SDKBenchFiles.sdkbenchExecutable, ["-c", "help"], environment: ["NO_COLOR": "1"])
/// #expect(result.status == 0)
/// ```
package enum ProcessRunner {
    /// Output past this fails the run rather than filling memory.
    static let outputLimit = 256 << 20

    /// Runs `executable` (a path, not looked up in `PATH`) and waits for it and its output.
    ///
    /// The child leads a process group of its own, so that at the deadline, or when the test is
    /// cancelled (a `.timeLimit`), everything it started is killed and its pipes close: a hung
    /// test then fails instead of holding up the whole run.
    ///
    /// - Parameters:
    ///   - environment: added to (or replacing in) this process's environment.
    ///   - stdin: written whole, then closed; empty closes it at once.
    ///   - workingDirectory: where the child starts; this process's own when `nil`.
    ///   - deadline: how long the child may run before its process group is sent SIGKILL.
    /// - Returns: the exit status and both outputs; `timedOut` when the deadline killed it.
    package static func run(
        _ executable: String,
        _ arguments: [String],
        environment: [String: String] = [:],
        stdin: String = "",
        workingDirectory: String? = nil,
        deadline: Duration = .seconds(300)
    ) async -> ProcessResult {
        // A child that exits before reading all of stdin must cost a failed write, not this process.
        signal(SIGPIPE, SIG_IGN)
        let options = {
            var options = PlatformOptions()
            options.processGroupID = 0
            return options
        }()
        let updates = environment.reduce(into: [Environment.Key: String?]()) { result, pair in
            if let key = Environment.Key(rawValue: pair.key) { result[key] = pair.value }
        }
        let leader = GroupLeader()
        // The deadline is a Dispatch timer, not a task: tests that block the cooperative pool must
        // not be able to hold up the kill.
        let timer = DispatchWorkItem { leader.kill() }
        DispatchQueue.global().asyncAfter(deadline: .now() + .nanoseconds(Int(deadline / .nanoseconds(1))), execute: timer)
        defer { timer.cancel() }
        var result = await withTaskCancellationHandler {
            do {
                // Not `.string(stdin)`: swift-subprocess 1.0.2 traps ("FileDescriptor N was not
                // closed", its issue 367) when the child ends before taking its input, as a child
                // killed at the deadline does; a whole test run crashed with it on a loaded
                // machine. No input is /dev/null; any other is a file the child reads.
                let result: RunOutcome
                if stdin.isEmpty {
                    result = try await launch(executable, arguments, updates, workingDirectory, options, leader, input: .none)
                } else {
                    let file = try Self.inputFile(stdin)
                    result = try await launch(
                        executable,
                        arguments,
                        updates,
                        workingDirectory,
                        options,
                        leader,
                        input: .fileDescriptor(file, closeAfterSpawningProcess: true)
                    )
                }
                leader.finished()
                let status: Int32
                switch result.terminationStatus {
                case .exited(let code): status = code
                case .signaled(let signal): status = 128 + signal
                }
                return ProcessResult(status: status, stdout: result.standardOutput, stderr: result.standardError)
            } catch {
                leader.finished()
                return ProcessResult(status: -1, stdout: "", stderr: "cannot run \(executable): \(error)")
            }
        } onCancel: {
            leader.kill()
        }
        if leader.wasKilled {
            result.timedOut = true
            result.stderr += "\n[ProcessRunner] \(executable) killed after the \(deadline) deadline or a cancelled test\n"
            result.stderr += leader.diagnosis
        }
        return result
    }

    private typealias RunOutcome = Subprocess.ExecutionResult<Void, StringOutput<UTF8>, StringOutput<UTF8>>

    private static func launch(
        _ executable: String,
        _ arguments: [String],
        _ updates: [Environment.Key: String?],
        _ workingDirectory: String?,
        _ options: PlatformOptions,
        _ leader: GroupLeader,
        input: some InputProtocol
    ) async throws -> RunOutcome {
        try await Subprocess.run(
            .path(FilePath(executable)),
            arguments: Arguments(arguments),
            environment: .inherit.updating(updates),
            workingDirectory: workingDirectory.map { FilePath($0) },
            platformOptions: options,
            input: input,
            output: .string(limit: outputLimit),
            error: .string(limit: outputLimit)
        ) { execution in
            leader.started(execution.processIdentifier.value)
        }
    }

    /// `text` in an unlinked temporary file, open for reading from its start.
    private static func inputFile(_ text: String) throws -> FileDescriptor {
        var template = Array("/tmp/sdkbench-stdin-XXXXXX".utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { throw Errno(rawValue: errno) }
        // Not inherited by a child another test starts meanwhile (the spawn gives it to its own).
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        unlink(template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) })
        let file = FileDescriptor(rawValue: descriptor)
        do {
            _ = try file.writeAll(Array(text.utf8))
            _ = try file.seek(offset: 0, from: .start)
        } catch {
            try? file.close()
            throw error
        }
        return file
    }
}

/// The child's process group, shared by the run, the deadline's timer and cancellation.
private final class GroupLeader: Sendable {
    private struct State {
        var pid: pid_t = 0
        var done = false
        var killed = false
        var killAsked = false
    }

    private let state = Mutex(State())
    /// What the child was doing when the deadline came: its state (a zombie is a child that
    /// ended but was not reaped, as when another process holds its output pipe open) and every
    /// other process holding one of its pipes.
    private let diagnosed = Mutex("")

    var diagnosis: String { diagnosed.withLock { $0 } }

    private static func diagnose(_ pid: pid_t) -> String {
        let status = SystemFiles.text("/proc/\(pid)/status") ?? ""
        let stateLine = status.split(separator: "\n").first { $0.hasPrefix("State:") } ?? "State: gone"
        // A zombie holds no descriptors: then the pipes this process reads its children through.
        var pipes: Set<String> = []
        for owner in ["\(pid)", "self"] where pipes.isEmpty {
            for fd in SystemFiles.list("/proc/\(owner)/fd") {
                if let target = Self.link("/proc/\(owner)/fd/\(fd)"), target.hasPrefix("pipe:") { pipes.insert(target) }
            }
        }
        var holders: [String] = []
        for other in SystemFiles.list("/proc") where Int32(other) != nil && Int32(other) != pid && Int32(other) != getpid() {
            for fd in SystemFiles.list("/proc/\(other)/fd") {
                guard let target = Self.link("/proc/\(other)/fd/\(fd)"), pipes.contains(target) else { continue }
                holders.append("\(other) (\(SystemFiles.firstLine("/proc/\(other)/comm") ?? "?")) fd \(fd) \(target)")
            }
        }
        return "[ProcessRunner] child \(pid) \(stateLine); its pipes held also by: \(holders.isEmpty ? "none" : holders.joined(separator: ", "))\n"
    }

    private static func link(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: 256)
        let count = readlink(path, &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        return String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Records the child; a kill asked for before it was spawned happens now.
    func started(_ pid: pid_t) {
        let killNow = state.withLock { state in
            state.pid = pid
            return state.killAsked
        }
        if killNow { kill() }
    }

    func finished() { state.withLock { $0.done = true } }

    /// SIGKILL to the whole group, unless the child is already done.
    func kill() {
        state.withLock { state in
            state.killAsked = true
            guard state.pid > 0, !state.done, !state.killed else { return }
            let diagnosis = Self.diagnose(state.pid)
            diagnosed.withLock { $0 = diagnosis }
            state.killed = Glibc.kill(-state.pid, SIGKILL) == 0
        }
    }

    var wasKilled: Bool { state.withLock { $0.killed } }
}
