import HTTPCommands
import HamonCommands
import MiataruCommands
import PerformanceCommands
import Shell
import SiftCommands

extension ShellCatalog {
    /// Every engine sdkbench has, in the order `status`, restore, shutdown, help and the embedded
    /// backend follow. Adding an engine is its commands target and one line here.
    package static let standard = ShellCatalog(modules: [.hamon, .performance, .miataru, .sift, .http])
}
