import Foundation
import Platform
import SDKBenchCatalog
import SDKBenchTesting
import Script
import Shell
import Transport

/// Runs blocking work on a new thread and resumes the awaiting task when it is done.
package enum OwnThread {
    package static func run<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            let thread = Thread { continuation.resume(returning: work()) }
            thread.stackSize = 8 << 20
            thread.start()
        }
    }
}
