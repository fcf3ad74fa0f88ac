import Platform

/// One completed timing, as the kit records, stores and exports it.
public struct PerformanceEntry: Sendable, Equatable {
    /// `<feature>_<layer>_<start in epoch seconds with milliseconds>`.
    public var id: String
    public var feature: String
    public var layer: String
    /// Epoch seconds.
    public var startTime: Double
    /// Epoch seconds.
    public var endTime: Double
    /// Seconds (the kit's files and exports hold seconds, whatever its doc comment says).
    public var duration: Double
    public var metadata: [String: String]
    public var context: DeviceContext
    /// SHA-256 hex of the user id set with `setUser`, if any.
    public var userIDHash: String?

    public init(
        id: String, feature: String, layer: String, startTime: Double, endTime: Double, duration: Double,
        metadata: [String: String], context: DeviceContext, userIDHash: String? = nil
    ) {
        self.id = id
        self.feature = feature
        self.layer = layer
        self.startTime = startTime
        self.endTime = endTime
        self.duration = duration
        self.metadata = metadata
        self.context = context
        self.userIDHash = userIDHash
    }

    /// The id the kit gives an entry that started at `startTime`.
    public static func makeID(feature: String, layer: String, startTime: Double) -> String {
        feature + "_" + layer + "_" + Timestamps.epochMillisText(startTime)
    }
}

/// A `start` still waiting for its `end`.
public struct PendingSession: Sendable, Equatable {
    public var feature: String
    public var layer: String
    /// Epoch seconds.
    public var startTime: Double
    public var metadata: [String: String]
}

/// Something the engine wants a person to see; the engine itself never prints.
public enum PerformanceEvent: Sendable, Equatable {
    /// A line from a console destination.
    case consoleLine(String)
    /// An `end` without `start`, an expired session, work left at shutdown.
    case warning(String)
    /// A destination could not deliver; its entries are kept for the next flush.
    case destinationFailed(destination: String, message: String)
    /// A destination delivered `count` entries.
    case flushed(destination: String, count: Int)
}

/// Limits of the tracker.
public struct PerformanceConfiguration: Sendable {
    /// Completed entries kept in memory for queries and export.
    public var cacheCapacity: Int
    /// Seconds after which a pending session expires with a warning.
    public var sessionTimeout: Double

    public init(cacheCapacity: Int = 1000, sessionTimeout: Double = 300) {
        self.cacheCapacity = max(1, cacheCapacity)
        self.sessionTimeout = sessionTimeout
    }
}

/// Feature and layer names: the kit's, for completion, and the rule for user-defined ones.
public enum PerformanceNames {
    /// The seed's features, then the ones the real kit uses.
    public static let knownFeatures = [
        "deposit", "withdraw", "login", "register", "sportsData", "appBoot", "cms", "casinoHome", "homeScreen",
        "externalDependencies",
    ]
    public static let knownLayers = ["web", "app", "api", "parsing"]

    /// Identifier-like: a letter or `_`, then letters, digits, `_` or `-`; at most 64 characters.
    public static func isValidName(_ name: String) -> Bool {
        let bytes = Array(name.utf8)
        guard let first = bytes.first, bytes.count <= 64, isLetter(first) || first == UInt8(ascii: "_") else { return false }
        return bytes.allSatisfy { isLetter($0) || ($0 >= 48 && $0 <= 57) || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: "-") }
    }

    private static func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= 97 && (byte | 0x20) <= 122 }
}
