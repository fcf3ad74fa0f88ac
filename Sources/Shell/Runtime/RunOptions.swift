import JSON
import Script

/// How a script run behaves (`sdkbench run` flags).
package struct RunOptions: Sendable {
    package var keepGoing: Bool
    package var echo: Bool
    /// Go on after an `expect` that did not hold, stopping only at an error (`sdkbench test`:
    /// every assertion of a file is a test case, so each one runs).
    package var continuesPastFailedExpects: Bool
    /// Check the whole source before running it; `false` only where this session already ran the
    /// same source past its check (load mode's later iterations: the check was 3% of a load
    /// run's CPU, perf, the Miataru flow of scripts/bench/load_bench.py).
    package var checksFirst: Bool
    /// Keep what binding each statement decides from its literal words (`BindingShape`) and
    /// bind only its variables again: for load mode, whose devices run the same few statements
    /// thousands of times. Off elsewhere: a script's million lines each bound once would pay
    /// for keeping shapes they never reuse.
    package var reusesBindings: Bool

    package init(
        keepGoing: Bool = false,
        echo: Bool = false,
        continuesPastFailedExpects: Bool = false,
        checksFirst: Bool = true,
        reusesBindings: Bool = false
    ) {
        self.keepGoing = keepGoing
        self.echo = echo
        self.continuesPastFailedExpects = continuesPastFailedExpects
        self.checksFirst = checksFirst
        self.reusesBindings = reusesBindings
    }

    /// Whether a run goes on past a failure of `status` for these options' sake: an expect that
    /// did not hold, or a block or sourced file that ended with one, where expects do not stop it.
    func goesOnPastExpectation(_ status: ExitStatus) -> Bool { continuesPastFailedExpects && status == .expectation }
}
