/// The four services this backend imitates, in the order the shell lists its engines: what a
/// backend serves when it is started without a list (the backend's own tests, other tests'
/// `LocalBackend.start()`). The shell passes its engines' groups instead.
public enum BackendCatalog {
    public static let standard: [BackendRouteGroup] = [.hamon, .performance, .miataru, .sift]
}
