import NIOCore

/// Runs Swift tasks on one SwiftNIO event loop, so that a task and the connections it drives share
/// a thread: an answer resumes the waiting task without waking another thread.
///
/// On this 2-core machine every wake-up of another thread costs tens of microseconds; with the
/// backend's handlers on its loop a loopback request's p50 went from 0.40 to 0.19 ms (a raw-socket
/// client against `sdkbench serve`), and with the client's calls on its loop the Miataru bench
/// went from 1,850 to 2,330 requests/s one at a time and from 6,900 to 10,200 eight at a time.
///
/// Code run here must never block waiting for the loop: it would wait for itself.
package final class EventLoopTaskExecutor: TaskExecutor {
    package let eventLoop: any EventLoop

    package init(_ eventLoop: any EventLoop) {
        self.eventLoop = eventLoop
    }

    package func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        eventLoop.execute { job.runSynchronously(on: executor) }
    }
}
