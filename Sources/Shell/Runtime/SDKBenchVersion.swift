import Platform
import Transport

/// The version sdkbench reports, also the Performance device context's app version.
public enum SDKBenchVersion {
    public static let current = "0.1.0"
    public static let build = "1"
}
