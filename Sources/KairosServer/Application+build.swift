import Foundation
import Hummingbird
import HummingbirdWebSocket
import KairosCore
import KairosStore
import Logging

/// How `kairos serve` runs: where it listens and where it keeps its data.
public struct ServerConfiguration: Sendable {
    public var host: String
    public var port: Int
    /// Folder holding the SQLite database (created if missing).
    public var dataDirectory: String
    /// bcrypt work factor; lower only in tests.
    public var bcryptCost: UInt8
    /// Time zone for users who do not give one at sign-up.
    public var defaultTimeZone: String
    public var logLevel: Logger.Level

    public init(
        host: String = "127.0.0.1", port: Int = 8080, dataDirectory: String = "kairos-data", bcryptCost: UInt8 = 11,
        defaultTimeZone: String = TimeZone.current.identifier, logLevel: Logger.Level = .info
    ) {
        self.host = host
        self.port = port
        self.dataDirectory = dataDirectory
        self.bcryptCost = bcryptCost
        self.defaultTimeZone = defaultTimeZone
        self.logLevel = logLevel
    }

    /// The SQLite file inside the data folder.
    public var databasePath: String { (dataDirectory as NSString).appendingPathComponent("kairos.sqlite") }
}

/// Everything the routes need, built once per process.
public struct AppServices: Sendable {
    public let accounts: AccountService
    public let projects: ProjectService
    public let tasks: TaskService
    public let capture: CaptureService
    public let time: TimeService
    public let conversations: ConversationService
    public let search: SearchService
    /// The open realtime sockets, woken when their user's event feed grows.
    public let realtime: RealtimeHub
    /// How long a new socket may take to send its `auth` frame.
    public let socketAuthTimeout: Duration

    public init(
        store: any DataStore, clock: Clock = .system, bcryptCost: UInt8 = 11, defaultTimeZone: String = "UTC",
        socketAuthTimeout: Duration = .seconds(10)
    ) {
        let hub = RealtimeHub()
        store.observeNewEvents { users in hub.wake(users) }
        realtime = hub
        self.socketAuthTimeout = socketAuthTimeout
        accounts = AccountService(
            store: store, clock: clock, bcryptCost: bcryptCost, defaultTimeZone: defaultTimeZone, realtime: hub)
        projects = ProjectService(store: store, clock: clock)
        tasks = TaskService(store: store, clock: clock)
        capture = CaptureService(store: store, clock: clock)
        time = TimeService(store: store, clock: clock)
        conversations = ConversationService(
            store: store, clock: clock, tasks: tasks, deliveries: DeliveryRecorder(store: store))
        search = SearchService(store: store)
    }
}

/// Opens the embedded store in the data folder and builds the application around it.
public func buildApplication(_ configuration: ServerConfiguration) async throws -> some ApplicationProtocol {
    var logger = Logger(label: "kairos")
    logger.logLevel = configuration.logLevel
    try FileManager.default.createDirectory(atPath: configuration.dataDirectory, withIntermediateDirectories: true)
    let store = try SQLiteStore(path: configuration.databasePath)
    let services = AppServices(
        store: store, bcryptCost: configuration.bcryptCost, defaultTimeZone: configuration.defaultTimeZone)
    let readyLogger = logger
    return Application(
        router: buildRouter(services),
        server: .http1WebSocketUpgrade(webSocketRouter: buildWebSocketRouter(services)),
        configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: "Kairos"),
        onServerRunning: { channel in
            let address = channel.localAddress.map {
                "\($0.ipAddress ?? configuration.host):\($0.port ?? configuration.port)"
            }
            readyLogger.notice(
                "Kairos is ready on http://\(address ?? "\(configuration.host):\(configuration.port)") (data: \(configuration.databasePath))"
            )
        },
        logger: logger)
}

/// The routes of the API, shared by the real server and the tests.
public func buildRouter(_ services: AppServices) -> Router<AppRequestContext> {
    let router = Router(context: AppRequestContext.self)
    router.add(middleware: ErrorMiddleware())
    router.get("health") { _, _ in HealthStatus(status: "ok") }

    let api = router.group("api/v1")
    let accounts = AccountController(accounts: services.accounts)
    accounts.addPublicRoutes(to: api.group("auth"))

    let signedIn = api.add(middleware: BearerAuthMiddleware(accounts: services.accounts))
        .group(context: AuthenticatedContext.self)
    accounts.addRoutes(to: signedIn)
    ProjectController(projects: services.projects).addRoutes(to: signedIn)
    TaskController(tasks: services.tasks).addRoutes(to: signedIn)
    CaptureController(capture: services.capture).addRoutes(to: signedIn)
    TimeController(time: services.time).addRoutes(to: signedIn)
    ConversationController(conversations: services.conversations).addRoutes(to: signedIn)
    EventController(conversations: services.conversations).addRoutes(to: signedIn)
    SearchController(search: services.search).addRoutes(to: signedIn)
    return router
}

/// The routes that upgrade to a WebSocket, tried before a request reaches `buildRouter`'s routes.
public func buildWebSocketRouter(_ services: AppServices) -> Router<BasicWebSocketRequestContext> {
    let router = Router(context: BasicWebSocketRequestContext.self)
    let api = router.group("api/v1")
    RealtimeController(services: services).addRoutes(to: api)
    return router
}
