// swift-tools-version: 6.1
import PackageDescription

// Imports point one way: sdkbench -> SDKBenchCatalog -> each engine's commands target -> (its engine,
// its XBackend, Shell) -> (Ping, DurableQueue, Platform) -> Transport; the Shell core imports no engine and
// no engine imports another. Each XBackend (the engine's server imitation) imports Backend and no engine.
// Script and the C shims sit below. Linux only today: no platforms claim.
let package = Package(
    name: "sdkbench",
    products: [
        .executable(name: "sdkbench", targets: ["sdkbench"])
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/HdrHistogram/hdrhistogram-swift", from: "0.1.0"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        // No default traits: they link swift-configuration and full Foundation, whose ICU data
        // (34 MB) and conformances the backend does not use and every start-up would pay for.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: []),
        // 2.100: the HTTP/1 decoder's head limits can be set (ResponseHeadLimit).
        .package(url: "https://github.com/apple/swift-nio", from: "2.100.0"),
        .package(url: "https://github.com/apple/swift-collections", from: "1.1.0"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.29.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.6.0"),
        .package(url: "https://github.com/apple/swift-system", from: "1.8.1"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/swiftlang/swift-subprocess", from: "1.0.0"),
        // gzip through the system zlib (zlib1g-dev): Sift's upload bodies, and the backend's gunzip of them.
        .package(url: "https://github.com/adam-fowler/compress-nio", from: "1.5.0"),
    ],
    targets: [
        // C shims: libedit's variadic el_set/el_get/history and libcrypto's SHA-256 / random.
        .target(name: "CLibEdit", dependencies: ["CSignals"], linkerSettings: [.linkedLibrary("edit")]),
        // SIGINT, SIGTERM and SIGHUP as flags and a semaphore: every mode's, none of them libedit's.
        .target(name: "CSignals"),
        .target(name: "CCrypto", linkerSettings: [.linkedLibrary("crypto")]),
        .target(name: "CPCRE2", linkerSettings: [.linkedLibrary("pcre2-8")]),
        // Brotli's decoder (libbrotli-dev): `Content-Encoding: br`, which URLSession decodes.
        .systemLibrary(name: "CBrotli", pkgConfig: "libbrotlidec", providers: [.apt(["libbrotli-dev"])]),
        // Bodies in a Content-Encoding: gzip, deflate and br decoded, a cut or padded stream told apart.
        .target(
            name: "ContentCoding",
            dependencies: ["CBrotli", .product(name: "CompressNIO", package: "compress-nio"), .product(name: "NIOCore", package: "swift-nio")]
        ),

        // JSON values, parser and writer: shared by the script language, the transport and the engines.
        .target(name: "JSON", dependencies: [.product(name: "OrderedCollections", package: "swift-collections")]),
        .target(name: "Script", dependencies: ["JSON"]),
        // Swift tasks run on a SwiftNIO event loop: the client transport and the backend each keep
        // their calls on their loop's thread.
        .target(name: "LoopExecutor", dependencies: [.product(name: "NIOCore", package: "swift-nio")]),
        .target(
            name: "Transport",
            dependencies: [
                "JSON", "LoopExecutor", "Platform",
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ]
        ),
        // The Ping SDK's network contract over the transport seam: the client every engine talks
        // through (standard headers, interceptors, cookies, timing), and the `http` command's.
        .target(
            name: "Ping",
            dependencies: [
                "Transport", "JSON", "Platform", "ContentCoding", .product(name: "HTTPTypes", package: "swift-http-types"),
                // Its RFC 6265 Set-Cookie parser; the jar's matching and storage rules are Ping's.
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
            ]
        ),
        // The embedded local backend: the server, faults, control routes, records, and the protocol
        // an engine's routes implement (BackendServiceRoutes). It lists no engine.
        .target(
            name: "Backend",
            dependencies: [
                "LoopExecutor", "Platform", .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"), .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
        // Each engine's server imitation (routes, store, recorder, breaks, its own wire types) over
        // Backend: it imports no engine, so a wire bug cannot hide behind a type shared with the client.
        .target(name: "HamonBackend", dependencies: ["Backend", "CCrypto", .product(name: "Hummingbird", package: "hummingbird")]),
        .target(name: "PerformanceBackend", dependencies: ["Backend", .product(name: "Hummingbird", package: "hummingbird")]),
        .target(name: "MiataruBackend", dependencies: ["Backend", .product(name: "Hummingbird", package: "hummingbird")]),
        .target(
            name: "SiftBackend",
            dependencies: [
                "Backend", "ContentCoding", .product(name: "Hummingbird", package: "hummingbird"),
            ]
        ),
        // What the engines share about the machine they run on: the wall clock, the machine's
        // facts, ISO-8601 timestamps and file I/O (one atomic writer, reads on swift-system).
        .target(name: "Platform", dependencies: ["CCrypto", "CSignals", .product(name: "SystemPackage", package: "swift-system")]),
        .target(name: "LineEditing", dependencies: ["CLibEdit", "Platform"]),
        .target(
            name: "Performance",
            dependencies: [
                "CCrypto", "DurableQueue", "JSON", "Ping", "Platform", "Transport", .product(name: "Histogram", package: "hdrhistogram-swift"),
                .product(name: "DequeModule", package: "swift-collections"), .product(name: "SystemPackage", package: "swift-system"),
            ]
        ),
        // The append-only journal under every durable queue (Hamon's events, Performance's analytics timings).
        .target(name: "DurableQueue", dependencies: ["Platform", .product(name: "SystemPackage", package: "swift-system")]),
        .target(
            name: "Hamon",
            dependencies: [
                "CCrypto", "DurableQueue", "JSON", "Ping", "Platform", "Transport", .product(name: "DequeModule", package: "swift-collections"),
            ]
        ),
        // Miataru API 1.1: DeviceKeys (generated from OpenSSL's random bytes), the key store, the calls.
        .target(
            name: "Miataru",
            dependencies: ["CCrypto", "JSON", "Ping", "Platform", "Transport", .product(name: "SystemPackage", package: "swift-system")]
        ),
        // The Sift iOS SDK: typed events, the two queues, the uploader's rules, archives, collectors.
        .target(
            name: "Sift",
            dependencies: [
                "DurableQueue", "JSON", "Ping", "Platform", "Transport", .product(name: "CompressNIO", package: "compress-nio"),
                .product(name: "NIOCore", package: "swift-nio"), .product(name: "DequeModule", package: "swift-collections"),
            ]
        ),
        // The shell core: table, binding, runner, REPL glue, rendering, listeners, the general and
        // backend commands. It imports no engine.
        .target(
            name: "Shell",
            dependencies: [
                "Script", "JSON", "LineEditing", "Ping", "Platform", "Transport", "Backend", "CPCRE2",
                .product(name: "SystemPackage", package: "swift-system"), .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "DequeModule", package: "swift-collections"),
            ]
        ),
        // One target per engine beside its engine: its commands, its runtime in the session, its
        // EngineModule. A change to one engine rebuilds it and what lists it, not the others.
        .target(
            name: "HamonCommands",
            dependencies: ["Shell", "Hamon", "HamonBackend", "Backend", "JSON", "Ping", "Platform", "Script", "Transport"]
        ),
        .target(
            name: "PerformanceCommands",
            dependencies: ["Shell", "Performance", "PerformanceBackend", "Backend", "JSON", "Platform", "Script", "Transport"]
        ),
        .target(name: "MiataruCommands", dependencies: ["Shell", "Miataru", "MiataruBackend", "Backend", "JSON", "Platform", "Script", "Transport"]),
        .target(
            name: "SiftCommands",
            dependencies: ["Shell", "Sift", "SiftBackend", "Backend", "ContentCoding", "JSON", "Platform", "Script", "Transport"]
        ),
        .target(
            name: "HTTPCommands",
            dependencies: [
                "Shell", "Ping", "JSON", "Platform", "Script", "Transport", .product(name: "CompressNIO", package: "compress-nio"),
                .product(name: "HTTPTypes", package: "swift-http-types"), .product(name: "NIOCore", package: "swift-nio"),
            ]
        ),
        // The one ordered list of engines (ShellCatalog.standard), for the executable and the tests.
        .target(
            name: "SDKBenchCatalog",
            dependencies: ["Shell", "HamonCommands", "PerformanceCommands", "MiataruCommands", "SiftCommands", "HTTPCommands"]
        ),
        // `sdkbench test`: files as isolated sessions in parallel, and the reports made from their
        // results. A driver and listeners over the one runner; it imports no engine.
        .target(name: "TestMode", dependencies: ["Shell", "JSON", "Platform", "Script", "Transport"]),
        // `sdkbench load`: one script as many device sessions (a driver over the one runner),
        // figures by SDK call in HdrHistograms, thresholds. It imports no engine.
        .target(
            name: "LoadMode",
            dependencies: [
                "Shell", "JSON", "LoopExecutor", "Platform", "Script", "Transport",
                .product(name: "Histogram", package: "hdrhistogram-swift"), .product(name: "CompressNIO", package: "compress-nio"),
                .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOPosix", package: "swift-nio"),
            ]
        ),
        // `sdkbench proxy`: a reverse proxy that forwards bytes as they come and shows each
        // exchange as the engine that recognizes it decodes it. It imports no engine.
        .target(
            name: "ProxyMode",
            dependencies: [
                "Backend", "Shell", "JSON", "Platform", "Transport", .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ]
        ),
        // Recording: the HAR model (read and write) and the recorder that turns exchanges into the
        // script a person would have written, through each engine's recognizer. It imports no engine.
        .target(
            name: "RecordMode",
            dependencies: [
                "Shell", "JSON", "Platform", "Transport", .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "SystemPackage", package: "swift-system"),
            ]
        ),
        .executableTarget(
            name: "sdkbench",
            dependencies: [
                "Shell", "SDKBenchCatalog", "Backend", "LineEditing", "Performance", "Platform", "Script", "TestMode", "LoadMode", "Transport",
                "ProxyMode", "RecordMode",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // Built only by scripts/fuzz.sh (with -sanitize=fuzzer): tokenizer + parser + dry-run dispatch.
        .executableTarget(name: "SDKBenchFuzz", dependencies: ["Shell", "SDKBenchCatalog", "LineEditing", "Platform", "Script"]),
        // Built only by scripts/fuzz.sh: whole scripts run over the real engines, with a transport that answers at once.
        .executableTarget(name: "SDKBenchRunFuzz", dependencies: ["Shell", "SDKBenchCatalog", "Hamon", "Platform", "Script", "Transport"]),
        // Built by scripts/bench.sh: in-process measurements of the Performance engine, and the Miataru client's side of its benchmark.
        .executableTarget(name: "SDKBenchBench", dependencies: ["JSON", "Miataru", "Performance", "Ping", "Platform", "Transport"]),
        // Test helpers an engine's tests need: temporary directories, a manual clock, a recording
        // transport, goldens, the process runner. No shell, no backend, so no Hummingbird.
        .target(
            name: "SDKBenchTesting",
            dependencies: [
                "Platform", "Transport", .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Subprocess", package: "swift-subprocess"), .product(name: "SystemPackage", package: "swift-system"),
                .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"), .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ]
        ),
        // The shell harness: a session over the standard catalog, for the shell's tests.
        .target(
            name: "SDKBenchShellTesting",
            dependencies: ["SDKBenchTesting", "Shell", "SDKBenchCatalog", "LoadMode", "Platform", "Script", "Transport"]
        ),

        .testTarget(name: "PlatformTests", dependencies: ["Platform", "SDKBenchTesting"]),
        .testTarget(name: "JSONTests", dependencies: ["JSON"]),
        .testTarget(
            name: "LoopExecutorTests",
            dependencies: ["LoopExecutor", .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOPosix", package: "swift-nio")]
        ),
        .testTarget(name: "ScriptTests", dependencies: ["Script", "JSON"]),
        .testTarget(name: "LineEditingTests", dependencies: ["LineEditing"]),
        .testTarget(name: "PerformanceTests", dependencies: ["Performance", "Ping", "Platform", "SDKBenchTesting", "Transport"]),
        .testTarget(
            name: "TransportTests",
            dependencies: [
                "Transport", "Ping", "JSON", "SDKBenchTesting", "Backend", "HamonBackend", "PerformanceBackend",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "HTTPTypes", package: "swift-http-types"), .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ]
        ),
        .testTarget(name: "HamonTests", dependencies: ["Hamon", "JSON", "Ping", "Platform", "SDKBenchTesting", "Transport"]),
        .testTarget(name: "MiataruTests", dependencies: ["Miataru", "JSON", "Ping", "Platform", "SDKBenchTesting", "Transport"]),
        .testTarget(name: "SiftTests", dependencies: ["Sift", "JSON", "Ping", "Platform", "SDKBenchTesting", "Transport"]),
        .testTarget(name: "DurableQueueTests", dependencies: ["DurableQueue", "SDKBenchTesting"]),
        .testTarget(
            name: "BackendTests",
            dependencies: [
                "Backend", "HamonBackend", "MiataruBackend", "PerformanceBackend", "SiftBackend", "ContentCoding", "Hamon", "JSON", "Platform",
                "SDKBenchTesting",
                .product(name: "HummingbirdTesting", package: "hummingbird"), .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "CompressNIO", package: "compress-nio"),
            ],
            exclude: ["Fixtures"]
        ),
        .testTarget(
            name: "ShellTests",
            dependencies: [
                "Shell", "SDKBenchCatalog", "MiataruCommands", "PerformanceCommands", "SDKBenchTesting", "SDKBenchShellTesting",
                "Backend", "JSON", "LineEditing", "LoadMode", "Hamon", "Ping", "Platform", "Script", "Transport",
                .product(name: "Hummingbird", package: "hummingbird"),
            ],
            exclude: ["Golden"]
        ),
        // One test target per engine's commands target: a change to one engine's commands builds its tests, not the others'.
        .testTarget(
            name: "HTTPCommandsTests",
            dependencies: [
                "HTTPCommands", "Shell", "SDKBenchShellTesting", "SDKBenchTesting", "Backend", "JSON", "Ping", "Script", "Transport",
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ]
        ),
        .testTarget(
            name: "HamonCommandsTests",
            dependencies: [
                "HamonCommands", "Hamon", "Shell", "SDKBenchCatalog", "SDKBenchShellTesting", "SDKBenchTesting", "JSON", "Script", "Transport",
            ]
        ),
        .testTarget(
            name: "MiataruCommandsTests",
            dependencies: [
                "MiataruCommands", "Miataru", "Shell", "SDKBenchCatalog", "SDKBenchShellTesting", "SDKBenchTesting", "JSON", "Script", "Transport",
            ]
        ),
        .testTarget(
            name: "PerformanceCommandsTests",
            dependencies: [
                "PerformanceCommands", "Shell", "SDKBenchCatalog", "SDKBenchShellTesting", "SDKBenchTesting", "JSON", "Script", "Transport",
            ]
        ),
        .testTarget(
            name: "SiftCommandsTests",
            dependencies: [
                "SiftCommands", "Shell", "SDKBenchCatalog", "SDKBenchShellTesting", "SDKBenchTesting", "JSON", "Script", "Transport",
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ]
        ),
        .testTarget(
            name: "TestModeTests",
            dependencies: [
                "TestMode", "Shell", "SDKBenchCatalog", "SDKBenchTesting", "SDKBenchShellTesting", "Backend", "SiftBackend", "JSON", "Platform",
                "Script",
            ],
            exclude: ["Golden"]
        ),
        // Runs the real executable: depending on it makes `swift test` build it.
        .testTarget(
            name: "LoadModeTests",
            dependencies: [
                "LoadMode", "Shell", "SDKBenchCatalog", "SDKBenchTesting", "SDKBenchShellTesting", "Backend", "HamonBackend", "MiataruBackend",
                "JSON", "Platform", "Script",
                "Transport", .product(name: "Histogram", package: "hdrhistogram-swift"),
            ]
        ),
        .testTarget(
            name: "ProxyModeTests",
            dependencies: [
                "ProxyMode", "Shell", "SDKBenchCatalog", "SDKBenchTesting", "Backend", "Hamon", "JSON", "Platform", "Transport",
                .product(name: "HTTPTypes", package: "swift-http-types"), .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ]
        ),
        .testTarget(
            name: "RecordModeTests",
            dependencies: [
                "RecordMode", "Shell", "SDKBenchCatalog", "SDKBenchTesting", "JSON", "Platform", "Script", "Transport", "Hamon",
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ]
        ),
        .testTarget(
            name: "IntegrationTests",
            dependencies: ["SDKBenchTesting", "sdkbench", "JSON", "LoadMode", "Platform", "SDKBenchCatalog", "Script", "Shell"],
            exclude: ["Fixtures"]
        ),
    ],
    swiftLanguageModes: [.v6]
)

// Release builds leave out the run-time exclusivity checks, paid on every access (guarded by
// the CPU s per 1,000 requests of scripts/bench/load_bench.py). Debug builds, which the tests
// run, keep them, so an overlapping access still traps there.
// The C shims have no Swift to check.
for target in package.targets where target.type != .system && !["CLibEdit", "CCrypto", "CPCRE2", "CSignals"].contains(target.name) {
    target.swiftSettings = (target.swiftSettings ?? []) + [.unsafeFlags(["-enforce-exclusivity=unchecked"], .when(configuration: .release))]
}
