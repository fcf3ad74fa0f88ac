#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// A thread of its own with a small stack, never the cooperative pool: a load run's signal
/// watcher, which sleeps until a signal or the run's end while the devices run as tasks.
struct DeviceThread {
    private final class Body {
        let run: () -> Void
        init(_ run: @escaping () -> Void) { self.run = run }
    }

    private let thread: pthread_t

    /// The thread's stack.
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
