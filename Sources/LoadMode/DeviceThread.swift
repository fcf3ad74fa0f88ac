#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// A device's own thread (never the cooperative pool, which the engines' work needs while a
/// command waits for it), with a small stack: thousands of devices are thousands of threads, and
/// GCD's pool would stop making them long before.
struct DeviceThread {
    private final class Body {
        let run: () -> Void
        init(_ run: @escaping () -> Void) { self.run = run }
    }

    private let thread: pthread_t

    /// Each device thread's stack.
    static let stackBytes = 512 << 10

    /// Starts `body` at once; `nil` when the system would not make another thread.
    static func start(stackBytes: Int = Self.stackBytes, _ body: @escaping @Sendable () -> Void) -> DeviceThread? {
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setstacksize(&attributes, stackBytes)
        let box = Unmanaged.passRetained(Body(body)).toOpaque()
        var thread = pthread_t()
        let started = pthread_create(
            &thread,
            &attributes,
            { pointer in
                let body = Unmanaged<Body>.fromOpaque(pointer!).takeRetainedValue()
                body.run()
                return nil
            },
            box
        )
        guard started == 0 else {
            Unmanaged<Body>.fromOpaque(box).release()
            return nil
        }
        return DeviceThread(thread: thread)
    }

    func join() { pthread_join(thread, nil) }
}
