/// An argument of `sdkbench test` that names nothing to run.
public struct TestFilesError: Error, Sendable, Equatable {
    public var message: String
}
