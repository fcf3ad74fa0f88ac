/// Secrets a recognizer may use to decode, by name (`hamon.key`: the payload key's bytes). A
/// recognizer decodes only with what it is given; without the key it shows what it can, and says so.
package struct RecognizerKeys: Sendable {
    private var keys: [String: [UInt8]]

    package init(_ keys: [String: [UInt8]] = [:]) { self.keys = keys }

    package subscript(name: String) -> [UInt8]? {
        get { keys[name] }
        set { keys[name] = newValue }
    }
}
