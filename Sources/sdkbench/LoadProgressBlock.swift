import Dispatch
import LoadMode
import Platform
import Shell
import Synchronization

/// Redraws `load`'s progress block on standard error four times a second (the most the issue
/// allows), on a thread of its own, and takes it away before the summary.
final class LoadProgressBlock: Sendable {
    private struct State {
        var progress = LoadProgress()
        var drawnLines = 0
        var finished = false
    }

    private let state = Mutex(State())
    private let done = DispatchSemaphore(value: 0)
    private let stopped = DispatchSemaphore(value: 0)

    static func start(metrics: LoadMetrics, control: LoadControl, output: Output) -> LoadProgressBlock {
        let block = LoadProgressBlock()
        let started = ContinuousClock.now
        DispatchQueue(label: "sdkbench.load.progress").async {
            while block.done.wait(timeout: .now() + .milliseconds(250)) == .timedOut {
                let seconds = started.duration(to: .now).inSeconds
                block.state.withLock { state in
                    let lines = state.progress.lines(seconds: seconds, activeDevices: control.activeDevices, metrics: metrics)
                    // Up to the block's first line, each line rewritten and its rest cleared.
                    var text = state.drawnLines > 1 ? "\u{1B}[\(state.drawnLines - 1)A" : ""
                    text += "\r" + lines.map { $0 + "\u{1B}[K" }.joined(separator: "\n")
                    text += String(repeating: "\n\u{1B}[K", count: max(0, state.drawnLines - lines.count))
                    if state.drawnLines > lines.count { text += "\u{1B}[\(state.drawnLines - lines.count)A" }
                    output.writeError(text)
                    state.drawnLines = max(state.drawnLines, lines.count)
                }
            }
            block.state.withLock { state in
                if state.drawnLines > 0 {
                    let up = state.drawnLines > 1 ? "\u{1B}[\(state.drawnLines - 1)A" : ""
                    output.writeError(up + "\r\u{1B}[J")
                }
            }
            block.stopped.signal()
        }
        return block
    }

    /// Stops redrawing and clears the block.
    func finish() {
        done.signal()
        stopped.wait()
    }
}
