import Backend
import HamonBackend
import MiataruBackend
import PerformanceBackend
import SiftBackend

/// The four services' route groups, in the shell's order: the backend keeps no list of engines,
/// so its own tests name the groups they serve.
enum StandardGroups {
    static let all: [BackendRouteGroup] = [.hamon, .performance, .miataru, .sift]
}
