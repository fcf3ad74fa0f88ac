import Platform

/// Where a load run's results go (a report file, a live display), as k6's `output.Output`: `load`
/// and `load merge` call every output they were given the same way, so a new kind of output is
/// one file and one entry in `LoadOutputRegistry.standard`, and neither command names it.
///
/// The calls, in order: `start` as the devices begin; `sample` every `LoadOutputs.samplePeriod`
/// while they run (only to an output that `takesSamples`); `stop` once they have stopped, before
/// anything is printed; `end` with the run's report, after the summary. `load merge` has no run
/// to watch: it calls `end` alone. Each call has a default that does nothing.
package protocol LoadOutput: AnyObject, Sendable {
    /// Whether `sample` is called: the run keeps a thread for outputs that draw while it goes.
    var takesSamples: Bool { get }

    /// The devices are about to begin.
    func start(_ start: LoadOutputStart)

    /// The figures so far, while the devices run; called on a thread of the outputs' own.
    func sample(_ sample: LoadOutputSample)

    /// The devices have stopped: a live display takes itself away before the summary is printed.
    func stop()

    /// The run's report, after the summary: a report output writes it.
    ///
    /// - Throws: `FileError` naming the path that could not be written; `load` says so and exits 3.
    func end(_ end: LoadOutputEnd) throws(FileError)
}

extension LoadOutput {
    package var takesSamples: Bool { false }
    package func start(_ start: LoadOutputStart) {}
    package func sample(_ sample: LoadOutputSample) {}
    package func stop() {}
    package func end(_ end: LoadOutputEnd) throws(FileError) {}
}
