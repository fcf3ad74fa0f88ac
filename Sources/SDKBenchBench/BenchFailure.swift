/// A measurement that cannot be trusted (a wrong answer, a failed call): the bench stops loudly.
struct BenchFailure: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) { self.description = description }
}
