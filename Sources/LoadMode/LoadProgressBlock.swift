import Shell
import Synchronization

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// `--out progress` (on by default, off with `--quiet`): `load`'s progress block on standard
/// error, redrawn at each sample (four times a second, the most the issue allows) and taken away
/// before the summary. It draws only on a terminal (not with TERM=dumb): elsewhere its escapes
/// would be noise in a log.
final class LoadProgressBlock: LoadOutput {
    static let kind = LoadOutputKind(
        name: "progress",
        target: .absent,
        summary: "the live progress block on standard error, when it is a terminal (on unless --quiet)",
        mergeRefusal: "there is no run to watch"
    ) { parameters in
        LoadProgressBlock(output: parameters.terminal, draws: isatty(2) != 0 && parameters.environment["TERM"] != "dumb")
    }

    private struct State {
        var progress = LoadProgress()
        var drawnLines = 0
    }

    private let state = Mutex(State())
    private let output: Output
    let takesSamples: Bool

    init(output: Output, draws: Bool) {
        self.output = output
        takesSamples = draws
    }

    func sample(_ sample: LoadOutputSample) {
        state.withLock { state in
            let lines = state.progress.lines(seconds: sample.elapsed, activeDevices: sample.activeDevices, metrics: sample.metrics)
            // Up to the block's first line, each line rewritten and its rest cleared.
            var text = state.drawnLines > 1 ? "\u{1B}[\(state.drawnLines - 1)A" : ""
            text += "\r" + lines.map { $0 + "\u{1B}[K" }.joined(separator: "\n")
            text += String(repeating: "\n\u{1B}[K", count: max(0, state.drawnLines - lines.count))
            if state.drawnLines > lines.count { text += "\u{1B}[\(state.drawnLines - lines.count)A" }
            output.writeError(text)
            state.drawnLines = max(state.drawnLines, lines.count)
        }
    }

    /// Clears the block.
    func stop() {
        state.withLock { state in
            if state.drawnLines > 0 {
                let up = state.drawnLines > 1 ? "\u{1B}[\(state.drawnLines - 1)A" : ""
                output.writeError(up + "\r\u{1B}[J")
            }
            state.drawnLines = 0
        }
    }
}
