import Hummingbird
import NIOCore

/// The request context: Hummingbird's core storage plus the connection, which the `reset` and
/// `garbage` faults act on directly.
package struct BackendContext: RequestContext {
    package var coreContext: CoreRequestContextStorage
    package let channel: any Channel

    package init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        channel = source.channel
    }

    /// A long queue restored after a crash may arrive in one request.
    package var maxUploadSize: Int { 64 << 20 }
}
