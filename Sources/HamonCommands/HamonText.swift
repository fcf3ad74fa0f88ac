import Hamon
import JSON
import Script
import Shell

enum HamonText {
    static func events(_ count: Int) -> String { "\(count) event\(count == 1 ? "" : "s")" }
}
