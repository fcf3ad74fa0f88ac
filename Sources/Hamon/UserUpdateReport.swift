import Transport

/// The outcome of sending user data (`user`, `fcm`).
package struct UserUpdateReport: Sendable, Equatable {
    package var userID: String
    package var failure: DeliveryFailure?
}
