import Shell

/// How a key is shown without showing it: its length, and a few first characters only of a long
/// key (at most four, never more than a quarter, none under 16 characters: four of a five-character
/// key gave nearly all of it away).
enum MiataruKeyText {
    static let shownFromLength = 16

    static func masked(_ key: String) -> String {
        let shown = key.count < shownFromLength ? 0 : min(4, key.count / 4)
        return String(key.prefix(shown)) + "…(\(key.count) chars)"
    }
}
