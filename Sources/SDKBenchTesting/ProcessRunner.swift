#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import Shell
import Synchronization

/// What a finished child process left behind.
public struct ProcessResult: Sendable {
    public var status: Int32
    public var stdout: String
    public var stderr: String
}

/// Runs a program with arguments, environment and stdin, capturing both output streams.
///
/// posix_spawn and poll, not Foundation's Process: tests then need nothing beyond the stdlib.
public enum ProcessRunner {
    private static let spawnLock = Mutex(())

    public static func run(
        _ executable: String, _ arguments: [String], environment: [String: String] = [:], stdin: String = "",
        workingDirectory: String? = nil
    ) -> ProcessResult {
        var inPipe: [Int32] = [0, 0], outPipe: [Int32] = [0, 0], errPipe: [Int32] = [0, 0]
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }

        var merged = ProcessEnvironment.current()
        for (key, value) in environment { merged[key] = value }
        // glibc's posix_spawn_file_actions_addchdir_np is not visible from Swift: let sh change directory.
        let command = workingDirectory.map { ["/bin/sh", "-c", "cd \"$0\" && exec \"$@\"", $0, executable] } ?? [executable]
        let argv = (command + arguments).map { strdup($0) } + [nil]
        let envp = merged.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        // The test runner may block or ignore signals; a child must start with the defaults, or
        // Ctrl-C and SIGTERM tests would test the runner's mask instead of sdkbench.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var emptyMask = sigset_t()
        sigemptyset(&emptyMask)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGINT, SIGTERM, SIGHUP, SIGPIPE, SIGQUIT] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigmask(&attributes, &emptyMask)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var pid: pid_t = 0
        // Tests spawn from several threads at once. A child must not inherit another test's pipes
        // (a long-lived `serve` would keep that test from ever seeing end-of-file), so pipes are
        // made close-on-exec, and made and handed over one spawn at a time: pipe2 is not visible
        // from Swift, and between pipe() and fcntl() another spawn could take them. dup2 onto 0,
        // 1 and 2 clears the flag in our own child.
        let spawned = spawnLock.withLock { _ -> Int32 in
            pipe(&inPipe)
            pipe(&outPipe)
            pipe(&errPipe)
            for descriptor in inPipe + outPipe + errPipe { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
            posix_spawn_file_actions_adddup2(&actions, inPipe[0], 0)
            posix_spawn_file_actions_adddup2(&actions, outPipe[1], 1)
            posix_spawn_file_actions_adddup2(&actions, errPipe[1], 2)
            let result = posix_spawn(&pid, command[0], &actions, &attributes, argv, envp)
            close(inPipe[0])
            close(outPipe[1])
            close(errPipe[1])
            return result
        }
        guard spawned == 0 else {
            close(inPipe[1]); close(outPipe[0]); close(errPipe[0])
            return ProcessResult(status: -1, stdout: "", stderr: "spawn failed: \(String(cString: strerror(spawned)))")
        }
        let (out, err) = pump(stdin: Array(stdin.utf8), input: inPipe[1], output: outPipe[0], error: errPipe[0])
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        let exit = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        return ProcessResult(status: exit, stdout: String(decoding: out, as: UTF8.self), stderr: String(decoding: err, as: UTF8.self))
    }

    /// Feeds stdin and drains both outputs together so neither side can block the other.
    private static func pump(stdin: [UInt8], input: Int32, output: Int32, error: Int32) -> ([UInt8], [UInt8]) {
        var out: [UInt8] = [], err: [UInt8] = []
        var written = 0
        var inputOpen = true
        signal(SIGPIPE, SIG_IGN)
        if stdin.isEmpty { close(input); inputOpen = false }
        var openOutputs: Set<Int32> = [output, error]
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while !openOutputs.isEmpty || inputOpen {
            var fds: [pollfd] = openOutputs.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            if inputOpen { fds.append(pollfd(fd: input, events: Int16(POLLOUT), revents: 0)) }
            if poll(&fds, nfds_t(fds.count), -1) < 0 { if errno == EINTR { continue } else { break } }
            for entry in fds where entry.revents != 0 {
                if entry.fd == input {
                    let count = stdin.withUnsafeBytes { write(input, $0.baseAddress! + written, stdin.count - written) }
                    if count > 0 { written += count }
                    if count <= 0 || written == stdin.count { close(input); inputOpen = false }
                    continue
                }
                let count = buffer.withUnsafeMutableBytes { read(entry.fd, $0.baseAddress, $0.count) }
                if count <= 0 {
                    close(entry.fd)
                    openOutputs.remove(entry.fd)
                } else if entry.fd == output {
                    out.append(contentsOf: buffer[0..<count])
                } else {
                    err.append(contentsOf: buffer[0..<count])
                }
            }
        }
        return (out, err)
    }
}
