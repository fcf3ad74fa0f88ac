import Platform
import Transport

/// The version sdkbench reports, also the Performance device context's app version.
package enum SDKBenchVersion {
    package static let current = "0.1.0"
    package static let build = "1"
}
