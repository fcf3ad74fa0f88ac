/// An argument of `sdkbench test` that names nothing to run.
package struct TestFilesError: Error, Sendable, Equatable {
    package var message: String
}
