import Transport

/// The outcome of sending user data (`user`, `fcm`).
public struct UserUpdateReport: Sendable, Equatable {
    public var userID: String
    public var failure: DeliveryFailure?
}
