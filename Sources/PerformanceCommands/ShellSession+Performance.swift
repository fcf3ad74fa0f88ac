import Shell

extension ShellSession {
    /// The Performance engine; it cannot fail to start.
    var performance: PerformanceRuntime {
        // PerformanceRuntime.init does not throw, so neither does its start.
        try! engine(PerformanceRuntime.self, at: nil)
    }
}
