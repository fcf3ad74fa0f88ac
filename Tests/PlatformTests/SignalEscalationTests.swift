import Platform
import Testing

/// The verdicts on a signal nothing answers, step by step on a made-up clock.
struct SignalEscalationTests {
    private static let interrupt = SignalEscalation.Reading(interruptPending: true, terminationRequested: false, count: 1)
    private static let quiet = SignalEscalation.Reading(interruptPending: false, terminationRequested: false, count: 1)

    private static func leaves(_ action: SignalEscalation.Action) -> Int32? {
        if case .leave(let status, _) = action { return status }
        return nil
    }

    private static func warning(_ action: SignalEscalation.Action) -> String? {
        if case .warn(let text) = action { return text }
        return nil
    }

    @Test func aRunLeavesWithStatus3WhenCtrlCStaysUntakenForTwoSeconds() {
        var escalation = SignalEscalation(shutdownBudget: 5)
        #expect(escalation.observe(Self.interrupt, in: .run, at: 10) == .none)
        #expect(escalation.observe(Self.interrupt, in: .run, at: 11.9) == .none)
        #expect(Self.leaves(escalation.observe(Self.interrupt, in: .run, at: 12)) == 3)
    }

    @Test func aTakenCtrlCStartsTheWaitAgain() {
        var escalation = SignalEscalation(shutdownBudget: 5)
        _ = escalation.observe(Self.interrupt, in: .run, at: 0)
        #expect(escalation.observe(Self.quiet, in: .run, at: 1.5) == .none)
        #expect(escalation.observe(Self.interrupt, in: .run, at: 1.6) == .none)
        #expect(escalation.observe(Self.interrupt, in: .run, at: 3) == .none)
        #expect(Self.leaves(escalation.observe(Self.interrupt, in: .run, at: 3.6)) == 3)
    }

    @Test func theReplWarnsOnceAndLeavesOnlyAtTheNextCtrlC() throws {
        var escalation = SignalEscalation(shutdownBudget: 5)
        _ = escalation.observe(Self.interrupt, in: .repl, at: 0)
        let text = try #require(Self.warning(escalation.observe(Self.interrupt, in: .repl, at: 2)))
        #expect(text.contains("Ctrl-C again"))
        #expect(escalation.observe(Self.interrupt, in: .repl, at: 30) == .none)
        var second = Self.interrupt
        second.count = 2
        #expect(Self.leaves(escalation.observe(second, in: .repl, at: 30.1)) == 3)
    }

    @Test func aReplCommandThatEndsLateIsForgivenAndWarnedAboutAgainNextTime() {
        var escalation = SignalEscalation(shutdownBudget: 5)
        _ = escalation.observe(Self.interrupt, in: .repl, at: 0)
        #expect(escalation.observe(Self.interrupt, in: .repl, at: 2) != .none)
        #expect(escalation.observe(Self.quiet, in: .repl, at: 3) == .none)
        var later = Self.interrupt
        later.count = 2
        _ = escalation.observe(later, in: .repl, at: 10)
        #expect(escalation.observe(later, in: .repl, at: 11) == .none)
        #expect(Self.warning(escalation.observe(later, in: .repl, at: 12)) != nil, "a new Ctrl-C after the first was taken warns again")
    }

    @Test(arguments: [SignalEscalation.Phase.run, .repl])
    func sigtermLeavesWith143TwoSecondsAfterItArrived(phase: SignalEscalation.Phase) {
        var escalation = SignalEscalation(shutdownBudget: 5)
        let term = SignalEscalation.Reading(interruptPending: false, terminationRequested: true, count: 1)
        #expect(escalation.observe(term, in: phase, at: 4) == .none)
        #expect(escalation.observe(term, in: phase, at: 5.9) == .none)
        #expect(Self.leaves(escalation.observe(term, in: phase, at: 6)) == 143)
    }

    @Test func aShutdownWithoutASignalIsNeverCutShort() {
        var escalation = SignalEscalation(shutdownBudget: 5)
        let none = SignalEscalation.Reading(interruptPending: false, terminationRequested: false, count: 0)
        #expect(escalation.observe(none, in: .shutdown, at: 0) == .none)
        #expect(escalation.observe(none, in: .shutdown, at: 600) == .none)
    }

    @Test func aShutdownAfterASignalGetsItsBudgetAndThePatienceThenLeaves() {
        var escalation = SignalEscalation(shutdownBudget: 5)
        let term = SignalEscalation.Reading(interruptPending: false, terminationRequested: true, count: 1)
        #expect(escalation.observe(term, in: .shutdown, at: 1) == .none)
        #expect(escalation.observe(term, in: .shutdown, at: 7.9) == .none)
        #expect(Self.leaves(escalation.observe(term, in: .shutdown, at: 8)) == 143)
        var interrupted = SignalEscalation(shutdownBudget: 5)
        #expect(interrupted.observe(Self.interrupt, in: .shutdown, at: 0) == .none)
        #expect(Self.leaves(interrupted.observe(Self.interrupt, in: .shutdown, at: 7)) == 3)
    }
}
