import Platform

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// A shared, writable mapping of a journal file, made larger than the records it holds so
/// appends are stores into memory rather than system calls.
///
/// A store into a `MAP_SHARED` mapping is in the kernel's page cache as it happens, so a killed
/// process loses nothing, as with `write(2)`. The file is extended with `posix_fallocate`, which
/// reserves its blocks: a full disk is an error when the map grows, not a SIGBUS at a store.
/// The part past the last record holds zeros; replay stops at the first one.
///
/// Kept on this figure: the Sift bench's 100,000 events spent 0.25 s of the run's main thread in
/// `Journal.append` with one `write(2)` per record, 0.12 s through the map, page faults included
/// (`perf record -F 2000`; the run's system time 0.41-0.46 s -> 0.28-0.37 s).
struct JournalMap {
    let base: UnsafeMutableRawPointer
    let size: Int

    /// The smallest map: the file is reserved on disk as far as the map reaches, and a queue of
    /// a few events should not take more (a nearly full disk refused a 256 KiB one before a
    /// record that fitted in a `write(2)`).
    static let minimumSize = 1 << 16
    /// Growth doubles up to this step, then adds it: a large queue does not reserve gigabytes.
    static let largestStep = 1 << 26

    /// Extends the file behind `descriptor` to at least `needed` bytes and maps all of it.
    static func map(_ descriptor: Int32, covering needed: Int, grownFrom current: Int, path: String) throws(JournalError) -> JournalMap {
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let wanted = max(needed, minimumSize, current + min(current, largestStep))
        let size = (wanted + page - 1) / page * page
        let status = posix_fallocate(descriptor, 0, off_t(size))
        guard status == 0 else { throw JournalError(FileError(path: path, operation: "cannot extend", code: status)) }
        guard let base = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_SHARED, descriptor, 0), base != MAP_FAILED else {
            throw JournalError(FileError.current(path, "cannot map"))
        }
        return JournalMap(base: base, size: size)
    }

    /// Copies `bytes` to `offset`, which the caller has checked fits.
    func store(_ bytes: [UInt8], at offset: Int) {
        bytes.withUnsafeBytes { base.advanced(by: offset).copyMemory(from: $0.baseAddress!, byteCount: $0.count) }
    }

    func unmap() {
        munmap(base, size)
    }
}
