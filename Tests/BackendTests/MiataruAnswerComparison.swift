@testable import Backend
@testable import MiataruBackend

/// Compares an answer with the expected one as JSON values (member order aside, numbers by their
/// text), except what the clock or chance decides; text that is not JSON is compared exactly.
enum MiataruAnswerComparison {
    static let fishEyes = MiataruRoutes.fishEyes.map { "><)))\($0)>" }

    /// Where `actual` differs from `expected`, or `nil` when it does not.
    static func difference(expected: String, actual: String) -> String? {
        guard let wanted = try? WireJSON.parse(Array(expected.utf8)) else { return expected == actual ? nil : "expected \(expected), got \(actual)" }
        guard let got = try? WireJSON.parse(Array(actual.utf8)) else { return "not JSON: \(actual)" }
        return difference(wanted, got, at: "$")
    }

    private static func difference(_ wanted: WireJSON, _ got: WireJSON, at path: String) -> String? {
        switch (wanted, got) {
        case (.object(let wantedMembers), .object(let gotMembers)):
            let wantedKeys = wantedMembers.map(\.key).sorted()
            let gotKeys = gotMembers.map(\.key).sorted()
            guard wantedKeys == gotKeys else { return "\(path): members \(gotKeys), expected \(wantedKeys)" }
            for member in wantedMembers {
                let gotValue = got[member.key]!
                let where_ = path + "." + member.key
                if member.key == "TimeStamp" {
                    guard case .number(_, isInteger: true) = gotValue else { return "\(where_): \(gotValue.text) is not a time stamp" }
                    continue
                }
                if member.key == "MiataruVerboseResponse", case .string(let fish) = member.value, fishEyes.contains(fish) {
                    guard case .string(let gotFish) = gotValue, fishEyes.contains(gotFish) else { return "\(where_): \(gotValue.text) is not a fish" }
                    continue
                }
                if let found = difference(member.value, gotValue, at: where_) { return found }
            }
            return nil
        case (.array(let wantedItems), .array(let gotItems)):
            guard wantedItems.count == gotItems.count else { return "\(path): \(gotItems.count) items, expected \(wantedItems.count)" }
            for (index, (wantedItem, gotItem)) in zip(wantedItems, gotItems).enumerated() {
                if let found = difference(wantedItem, gotItem, at: "\(path)[\(index)]") { return found }
            }
            return nil
        default:
            return wanted.text == got.text ? nil : "\(path): \(got.text), expected \(wanted.text)"
        }
    }
}
