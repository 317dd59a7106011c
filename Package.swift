// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "kairos",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "kairos", targets: ["kairos"]),
        .library(name: "KairosCore", targets: ["KairosCore"]),
        .library(name: "KairosCapture", targets: ["KairosCapture"]),
        .library(name: "KairosClient", targets: ["KairosClient"]),
        .library(name: "KairosServer", targets: ["KairosServer"]),
        .library(name: "KairosAI", targets: ["KairosAI"]),
        .library(name: "KairosPostgres", targets: ["KairosPostgres"]),
    ],
    traits: [
        // Builds the PostgreSQL store into `kairos`; off by default so the embedded build stays light.
        .trait(
            name: "Postgres", description: "Link the PostgreSQL store (postgres-nio) into the kairos executable.")
    ],
    dependencies: [
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1", traits: []),
        .package(url: "https://github.com/hummingbird-project/hummingbird-auth.git", from: "2.5.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket.git", from: "2.8.1"),
        .package(url: "https://github.com/groue/GRDB.swift.git", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-crypto.git", "3.12.3"..<"5.0.0"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.3"),
        .package(url: "https://github.com/adam-fowler/compress-nio.git", from: "1.5.0"),
        .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-metrics.git", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus.git", from: "2.4.1"),
        .package(url: "https://github.com/vapor/postgres-nio.git", from: "1.33.2"),
    ],
    targets: [
        // Pure domain: entities, rules, due dates, filters, permissions. No I/O.
        .target(name: "KairosCore"),
        // The natural-language capture parser: speech and quick-add text to task proposals. No I/O.
        .target(name: "KairosCapture", dependencies: ["KairosCore"]),
        // Persistence behind protocols; the embedded default is SQLite.
        .target(
            name: "KairosStore",
            dependencies: [
                "KairosCore",
                .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
        // The PostgreSQL store behind the same protocols, so several server processes can share one database.
        .target(
            name: "KairosPostgres",
            dependencies: [
                "KairosCore",
                "KairosStore",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
        // Model providers behind one protocol (Anthropic, OpenAI-compatible, Gemini): wire formats, retries,
        // deadlines, structured output and streaming over async-http-client.
        .target(
            name: "KairosAI",
            dependencies: [
                "KairosCore",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ]
        ),
        // The HTTP server as a library, so tests build the same application.
        .target(
            name: "KairosServer",
            dependencies: [
                "KairosAI",
                "KairosCore",
                "KairosCapture",
                "KairosStore",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdBcrypt", package: "hummingbird-auth"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "_CryptoExtras", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "_NIOFileSystem", package: "swift-nio"),
                .product(name: "CompressNIO", package: "compress-nio"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
            ]
        ),
        // The Swift SDK: a typed async client of the API. Foundation, plus on Linux (whose URLSession has no
        // WebSocket) the NIO WebSocket client for the live event stream.
        .target(
            name: "KairosClient",
            dependencies: [
                "KairosCore",
                "KairosCapture",
                .product(
                    name: "HummingbirdWSClient", package: "hummingbird-websocket",
                    condition: .when(platforms: [.linux])),
                .product(name: "Logging", package: "swift-log", condition: .when(platforms: [.linux])),
            ]
        ),
        .executableTarget(
            name: "kairos",
            dependencies: [
                "KairosAI",
                "KairosClient",
                "KairosCapture",
                "KairosServer",
                .target(name: "KairosPostgres", condition: .when(traits: ["Postgres"])),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
            ]
        ),
        // The capture engine's benchmark (scripts/bench-capture): timing loops only, no JSON or I/O measured.
        .executableTarget(name: "CaptureBench", dependencies: ["KairosCapture"]),
        // The load generator of scripts/bench-messaging: HTTP sends and realtime sockets on NIO, light on CPU.
        .executableTarget(
            name: "MessagingBench",
            dependencies: [
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
            ]
        ),
        // The push service of scripts/bench-push: takes Web Push requests and notes when each arrived.
        .executableTarget(
            name: "PushBench",
            dependencies: [
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ]
        ),
        .testTarget(name: "KairosCoreTests", dependencies: ["KairosCore"]),
        .testTarget(
            name: "KairosCaptureTests",
            dependencies: ["KairosCapture"],
            resources: [.copy("Fixtures")]
        ),
        // A fresh PostgreSQL database per test, for the store and server suites.
        .target(
            name: "KairosPostgresTesting",
            dependencies: [
                "KairosPostgres",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Tests/Support/KairosPostgresTesting"
        ),
        .testTarget(
            name: "KairosStoreTests", dependencies: ["KairosStore", "KairosPostgres", "KairosPostgresTesting"]),
        .testTarget(
            name: "KairosServerTests",
            dependencies: [
                "KairosServer",
                "KairosAI",
                "KairosCapture",
                "KairosPostgres",
                "KairosPostgresTesting",
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "HummingbirdWSTesting", package: "hummingbird-websocket"),
                .product(name: "CompressNIO", package: "compress-nio"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .testTarget(name: "KairosClientTests", dependencies: ["KairosClient", "KairosServer"]),
        .testTarget(
            name: "KairosAITests",
            dependencies: [
                "KairosAI",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ]
        ),
    ]
)
