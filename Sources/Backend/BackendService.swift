/// The services the local backend stands in for; each has its own routes, faults and records.
public enum BackendService: String, Sendable, CaseIterable {
    case hamon
    case perf
    case sift
    case miataru

    /// The services the backend imitates today, the ones the shell offers: those with routes in
    /// `BackendCatalog`. The others are named so their engines can be added one file at a time.
    public static let served: [BackendService] = BackendCatalog.services.map { $0.service }
}
