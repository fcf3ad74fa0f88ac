import Shell
import Sift

extension ValueRule {
    /// `sift server`: the embedded backend, the SDK's production URL, or a URL format the engine accepts.
    static let siftServer = ValueRule(
        name: "sift-server",
        expected: "local, sdk, or an http(s) URL with %@ or {account} where the account id goes",
        suggestions: ["local", "sdk"]
    ) { text in
        text == "local" || text == SiftRuntime.productionSetting || (try? SiftURLFormat(text)) != nil
    }

    /// A Sift account id: not empty, no spaces or slashes (it goes into the URL's path).
    static let siftAccount = ValueRule(name: "sift-account", expected: "an account id (no spaces, '/', '?' or '#')") { text in
        !text.isEmpty && !text.contains(where: { $0 == " " || $0 == "/" || $0 == "?" || $0 == "#" })
    }
}
