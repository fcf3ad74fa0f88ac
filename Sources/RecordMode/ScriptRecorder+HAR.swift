import Dispatch
import Synchronization
import Transport

extension ScriptRecorder {
    /// The script of a HAR file and what the file held (its `exchanges` handed to the recorder,
    /// not kept; its `skipped` counted in the script's summary, each exchange's place its entry): one thread reads and parses the file while this one records, each about half
    /// of the work (a 100,000-entry HAR, scripts/bench/import_bench.py).
    ///
    /// - Throws: `HARReadError` when the file cannot be read or is not a HAR.
    package func script(ofHARAt path: String) throws(HARReadError) -> (script: RecordedScript, contents: HARReader.Contents) {
        let handOff = BatchHandOff<(entry: Int, exchange: RecordedExchange)>(capacity: 4)
        let outcome = ReadOutcome()
        DispatchQueue.global().async {
            let result = Result { () throws(HARReadError) in try HARReader.read(path: path) { handOff.put($0) } }
            outcome.value.withLock { $0 = result }
            handOff.close()
        }
        var recording = ScriptRecording(self, placeName: "entry")
        while let batch = handOff.take() {
            for (entry, exchange) in batch { recording.add(exchange, place: entry) }
        }
        let contents = try outcome.value.withLock { $0! }.get()
        // In the script's header as on standard error.
        for skip in contents.skipped { recording.skip("entry \(skip.entry) (line \(skip.line))", reason: skip.reason) }
        return (recording.finish(), contents)
    }
}

private final class ReadOutcome: Sendable {
    let value = Mutex<Result<HARReader.Contents, HARReadError>?>(nil)
}
