import Testing

@testable import MiataruCommands
@testable import Shell

/// `miataru key show` shows a key's length, and at most a quarter of a long key: four of a
/// five-character key gave nearly all of it away.
struct MiataruKeyTextTests {
    @Test(arguments: [(5, 0), (15, 0), (16, 4), (8, 0), (256, 4)])
    func showsAtMostAQuarterAndNothingUnderSixteen(_ length: Int, _ shown: Int) {
        let key = String((0..<length).map { _ in Character("k") })
        let text = MiataruKeyText.masked(key)
        #expect(text == String(repeating: "k", count: shown) + "…(\(length) chars)")
    }
}
