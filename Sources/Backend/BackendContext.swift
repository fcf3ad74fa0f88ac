import Hummingbird
import NIOCore

/// The request context: Hummingbird's core storage plus the connection, which the `reset` and
/// `garbage` faults act on directly.
struct BackendContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    let channel: any Channel

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        channel = source.channel
    }

    /// A long queue restored after a crash may arrive in one request.
    var maxUploadSize: Int { 64 << 20 }
}
