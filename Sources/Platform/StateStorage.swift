/// Where an engine keeps what it must remember between commands: its queues, keys and install ids.
///
/// A session of the REPL, `run` or `test` keeps them in files of its state directory, as a
/// phone's SDK keeps them across launches. A load device keeps them in memory: a run of
/// 100,000 devices that wrote, fsynced and renamed each device's journals and key files spent
/// its time in the file system (`strace -c` of 2,000 devices running the Miataru flow once:
/// 8,002 fsyncs, 40,007 mkdirs, 20,045 opens) for state no device keeps past the run.
package enum StateStorage: Sendable, Equatable {
    /// Files in the state directory, kept for the next run of the same home.
    case files
    /// Memory only, gone with the session; nothing is written.
    case memory
}
