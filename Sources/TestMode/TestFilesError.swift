/// An argument of `sdkbench test` that names nothing to run.
public struct TestFilesError: Error, Sendable {
    public var message: String
}
