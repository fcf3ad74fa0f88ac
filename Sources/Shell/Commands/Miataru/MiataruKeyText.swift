/// How a key is shown without showing it: its first four characters and its length.
enum MiataruKeyText {
    static func masked(_ key: String) -> String { String(key.prefix(4)) + "…(\(key.count) chars)" }
}
