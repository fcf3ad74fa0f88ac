import Shell

extension StatePaths {
    /// Where the Performance engine keeps its files (daily logs, analytics journals): the
    /// engine's own directory, named here so that the Shell core names no engine's files.
    var performanceDirectory: String { stateDirectory + "/performance" }
}
