#if canImport(Glibc)
@preconcurrency import Glibc
#endif

package enum Terminal {
    /// A person at a terminal on both ends; anything else is read like a script.
    package static var isInteractive: Bool { isatty(0) == 1 && isatty(1) == 1 }

    /// The terminal's width in columns, 80 when unknown.
    package static var columns: Int {
        var size = winsize()
        guard ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return 80 }
        return Int(size.ws_col)
    }
}
