import Foundation
import SDKBenchTesting
import Testing

/// What a pipe reader sees while sdkbench still runs, and two processes on one home.
@Suite(.timeLimit(.minutes(1)))
struct StreamingOutputTests {
    /// Reads `pipe` until `marker` arrives or `deadline` seconds pass; returns what was read.
    /// Waits by sleeping, not in poll(2): a test holding one of the two threads of the
    /// cooperative pool (2 cores) for seconds held up the embedded backends dozens of other
    /// tests were starting (the fresh-clone check of 2026-12-07: 51 tests past their minute).
    private func read(_ pipe: Pipe, until marker: String, deadline: Double) async -> String {
        let handle = pipe.fileHandleForReading
        var text = ""
        let end = Date().addingTimeInterval(deadline)
        var descriptor = pollfd(fd: handle.fileDescriptor, events: Int16(POLLIN), revents: 0)
        while !text.contains(marker), Date() < end {
            guard poll(&descriptor, 1, 0) > 0 else {
                try? await Task.sleep(for: .milliseconds(20))
                continue
            }
            let chunk = handle.availableData
            if chunk.isEmpty { break }
            text += String(decoding: chunk, as: UTF8.self)
        }
        return text
    }

    /// `run x.sdk | tee log`: each line reaches the pipe when it is printed, not at exit.
    @Test func aPipeGetsEachLineAsItIsPrinted() async throws {
        let home = TemporaryDirectory()
        defer { home.remove() }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: SDKBenchFiles.sdkbenchExecutable)
        process.arguments = ["--home", home.path, "-c", "echo first-line", "-c", "sleep 30s"]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        defer {
            process.terminate()
            process.waitUntilExit()
        }
        #expect(await read(pipe, until: "first-line\n", deadline: 10).contains("first-line\n"))
        #expect(process.isRunning)
    }

    /// A parent that blocks SIGTERM hands the mask down through exec and posix_spawn: sdkbench
    /// unblocks the signals it handles, so SIGTERM still stops a long command at once.
    @Test func sigtermStopsACommandEvenWhenTheParentBlockedIt() async throws {
        let home = TemporaryDirectory()
        defer { home.remove() }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [
            "-c", "import os, signal, sys; signal.pthread_sigmask(signal.SIG_BLOCK, [signal.SIGTERM]); os.execv(sys.argv[1], sys.argv[1:])",
            SDKBenchFiles.sdkbenchExecutable, "--home", home.path, "-c", "echo first-line", "-c", "sleep 30s",
        ]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        #expect(await read(pipe, until: "first-line\n", deadline: 10).contains("first-line\n"))
        let start = ContinuousClock.now
        process.terminate()
        process.waitUntilExit()
        let elapsed = start.duration(to: .now)
        #expect(elapsed < .seconds(3), "SIGTERM took \(elapsed) to stop 'sleep 30s'")
        #expect(process.terminationStatus == 143)
    }

    /// A second process on a home whose queue is held gets one notice, not one per command.
    @Test func aSecondProcessOnTheSameHomeIsToldOnce() async throws {
        let home = TemporaryDirectory()
        defer { home.remove() }
        let holder = Process()
        holder.executableURL = URL(fileURLWithPath: SDKBenchFiles.sdkbenchExecutable)
        holder.arguments = ["--home", home.path, "-c", "log held", "-c", "echo holding", "-c", "sleep 30s"]
        let pipe = Pipe()
        holder.standardOutput = pipe
        holder.standardError = FileHandle.nullDevice
        try holder.run()
        defer {
            holder.terminate()
            holder.waitUntilExit()
        }
        #expect(await read(pipe, until: "holding\n", deadline: 10).contains("holding\n"))
        let second = await ProcessRunner.run(
            SDKBenchFiles.sdkbenchExecutable,
            ["--home", home.path, "run", "--keep-going", home.write("s.sdk", "log a\nlog b\nlog c\n")],
            environment: ["NO_COLOR": "1"]
        )
        #expect(second.status == 3)
        #expect(second.stderr.components("in use by another sdkbench process").count == 2, "\(second.stderr)")
        #expect(second.stderr.components("error:").count == 4, "\(second.stderr)")
    }
}
