@preconcurrency import CLibEdit
import Platform
import Synchronization

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// A libedit line editor with history and TAB completion; one per process, used from one thread.
package final class LineEditor {
    package typealias Completer = (CompletionRequest) -> CompletionResponse

    private let editLine: OpaquePointer?
    private let history: OpaquePointer?
    private let historyFile: String?
    private let historySize: Int
    private var isClosed = false

    /// The completer of the editor that is open; C callbacks cannot capture context.
    nonisolated(unsafe) private static var activeCompleter: Completer?
    /// What background work wrote while the prompt showed, printed above the line at the editor's next wake-up.
    private static let notices = Mutex("")

    package init(programName: String, historyFile: String?, historySize: Int = 1000, completer: @escaping Completer) {
        setlocale(LC_ALL, "")
        self.historyFile = historyFile
        self.historySize = historySize
        history = sdk_history_open(Int32(historySize))
        if let history, let historyFile, access(historyFile, R_OK) == 0 {
            _ = sdk_history_load(history, historyFile)
        }
        Self.activeCompleter = completer
        sdk_el_set_notify { LineEditor.printNotices() }
        editLine = sdk_el_open(
            programName,
            history,
            { editLine, before, whole in
                guard let editLine, let before, let whole else { return UInt8(CC_ERROR) }
                return LineEditor.complete(editLine, before: String(cString: before), whole: String(cString: whole))
            }
        )
    }

    /// Shows `prompt` and reads one line without its newline.
    package func readLine(prompt: String) -> LineReadResult {
        guard let editLine else { return .endOfFile }
        sdk_el_set_prompt(prompt)
        var count: Int32 = 0
        var error: Int32 = 0
        guard let text = sdk_el_gets(editLine, &count, &error) else {
            if SignalTrap.terminationRequested { return .terminated }
            // Inside a Ctrl-R search libedit reads the interrupted key as the end of input (count 0,
            // not -1): the pending SIGINT, not the count, tells a Ctrl-C from a Ctrl-D.
            if SignalTrap.takeInterrupt() {
                el_reset(editLine)
                fputs("^C\n", stdout)
                fflush(stdout)
                return .interrupted
            }
            return .endOfFile
        }
        if sdk_el_take_cancel() != 0 {
            _ = SignalTrap.takeInterrupt()
            return .interrupted
        }
        var line = String(cString: text)
        if line.hasSuffix("\n") { line.removeLast() }
        return .line(line)
    }

    /// Shows `text` above the line being typed, from any thread: the line is cleared, the text
    /// printed, and the prompt with the half-typed line drawn again below it (a Sift retry's
    /// warning used to land over the prompt, and the line lost it).
    package static func interject(_ text: String) {
        notices.withLock { $0 += text }
        sdk_el_notify()
    }

    /// Text interjected but not shown yet (the line ended first); the caller prints it.
    package static func takeNotices() -> String {
        notices.withLock { notices in
            defer { notices = "" }
            return notices
        }
    }

    private static func printNotices() {
        let text = takeNotices()
        guard !text.isEmpty else { return }
        fputs("\r\u{1B}[K" + text, stderr)
        fflush(stderr)
    }

    /// Records a line and writes the history file at once, so a killed session keeps it.
    package func addToHistory(_ line: String) {
        guard let history else { return }
        sdk_history_enter(history, line)
        saveHistory()
    }

    /// The lines in the history, oldest first.
    package var historyLines: [String] {
        guard let history else { return [] }
        var pointers = [UnsafePointer<CChar>?](repeating: nil, count: historySize + 1)
        let count = Int(sdk_history_lines(history, &pointers, Int32(pointers.count)))
        return pointers.prefix(count).reversed().compactMap { $0.map { String(cString: $0) } }
    }

    /// Removes the lines `shouldRemove` picks, from memory and from the file (replaced whole,
    /// so a crash leaves the old file or the new one, never a mix).
    package func removeFromHistory(where shouldRemove: (String) -> Bool) {
        guard let history else { return }
        let lines = historyLines
        let kept = lines.filter { !shouldRemove($0) }
        guard kept.count != lines.count else { return }
        sdk_history_clear(history)
        for line in kept { sdk_history_enter(history, line) }
        saveHistory()
    }

    /// Writes the history file with mode 0600, creating its directory: written beside it and
    /// renamed over it, so a line removed for holding a secret is gone from the file at once.
    package func saveHistory() {
        guard let history, let historyFile else { return }
        // Private as secrets are: lines typed hold tokens. A history that cannot be saved costs
        // only recall in the next session, never an error.
        try? Directories.create(Directories.parent(of: historyFile), mode: AtomicFile.secretDirectoryMode)
        let temporary = historyFile + ".saving"
        unlink(temporary)
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL, 0o600)
        guard descriptor >= 0 else { return }
        Glibc.close(descriptor)
        guard sdk_history_save(history, temporary) >= 0 else {
            unlink(temporary)
            return
        }
        chmod(temporary, 0o600)
        if rename(temporary, historyFile) != 0 { unlink(temporary) }
    }

    package func close() {
        guard !isClosed else { return }
        isClosed = true
        saveHistory()
        if let editLine { sdk_el_close(editLine) }
        if let history { sdk_history_close(history) }
        Self.activeCompleter = nil
    }

    deinit { close() }

    private static func complete(_ editLine: OpaquePointer, before: String, whole: String) -> UInt8 {
        guard let completer = activeCompleter else { return UInt8(CC_ERROR) }
        let response = completer(CompletionRequest(line: before, fullLine: whole))
        let current = String(before.suffix(response.replaceLength))
        switch response.candidates.count {
        case 0:
            return UInt8(CC_REFRESH_BEEP)
        case 1:
            replace(editLine, count: response.replaceLength, with: response.candidates[0] + (response.appendSpace ? " " : ""))
            return UInt8(CC_REFRESH)
        default:
            let common = response.commonPrefix
            if common.count > current.count {
                replace(editLine, count: response.replaceLength, with: common)
                return UInt8(CC_REFRESH)
            }
            list(response.candidates)
            return UInt8(CC_REDISPLAY)
        }
    }

    private static func replace(_ editLine: OpaquePointer, count: Int, with text: String) {
        if count > 0 { el_deletestr(editLine, Int32(count)) }
        _ = el_insertstr(editLine, text)
    }

    /// Prints candidates in columns under the line, as bash does on a second TAB.
    private static func list(_ candidates: [String]) {
        let width = (candidates.map(\.count).max() ?? 0) + 2
        let perRow = max(1, Terminal.columns / width)
        var text = "\n"
        for (index, candidate) in candidates.enumerated() {
            let isRowEnd = (index + 1) % perRow == 0 || index == candidates.count - 1
            text += isRowEnd ? candidate + "\n" : candidate + String(repeating: " ", count: width - candidate.count)
        }
        fputs(text, stdout)
        fflush(stdout)
    }
}
