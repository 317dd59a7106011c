import AsyncHTTPClient
import Foundation
import Hummingbird
import HummingbirdWebSocket
import KairosAI
import KairosCore
import KairosStore
import Logging
import ServiceLifecycle

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
    /// Folder of the web app served at `/`; nil serves the API alone.
    public var webDirectory: String?
    /// The address people open the server at, for links in emails; `http://host:port` when not set.
    public var publicURL: String?
    /// A sendmail-compatible command that reads recipients from the headers (`msmtp -t`); without one,
    /// emails go to the log.
    public var sendmailCommand: String?
    /// The From of the emails the server sends.
    public var mailSender: String
    /// The pause before a failed email is tried again; doubles with each failure.
    public var mailRetryBase: Duration
    /// The language model behind capture and the assistant (`KAIROS_AI_*`); nil keeps everything offline.
    public var model: ModelConfiguration? = nil
    /// Which push endpoints devices may subscribe with (`KAIROS_PUSH_ALLOW_LOOPBACK`).
    public var pushEndpoints = PushEndpointRule()
    /// Who push services may write to about this server's pushes (`KAIROS_PUSH_CONTACT`, a `mailto:` or
    /// `https:` URL); the mail sender's address when not set.
    public var pushContact: String?
    /// Todoist's API root, read by imports in Settings (`--todoist-api`, `KAIROS_TODOIST_API`); only the operator
    /// sets it, never a request.
    public var todoistAPI = TodoistReader.defaultAPI
    /// Reverse proxies whose `X-Forwarded-For` names the client (`--trusted-proxies`).
    public var trustedProxies = TrustedProxies.none
    /// How often the data folder is backed up into `backupsDirectory` (`--backup-every`, `KAIROS_BACKUP_EVERY`);
    /// nil takes no scheduled backups.
    public var backupInterval: BackupInterval?
    /// How many scheduled backups are kept, newest first (`--backup-keep`, `KAIROS_BACKUP_KEEP`).
    public var backupKeep = 7
    /// Where backups go (`--backup-dir`); `backups` inside the data folder when not set.
    public var backupDirectory: String?
    /// The identity provider people may sign in with (`KAIROS_OIDC_*`); nil offers email and password only.
    public var oidc: OIDCConfiguration?
    /// Where request counts, latencies and queue depths are kept for `/metrics`; one of its own when not set.
    public var metrics: ServerMetrics?
    /// Lets a scraper elsewhere read `/metrics` (`--metrics-token`, `KAIROS_METRICS_TOKEN`); without it only
    /// loopback may.
    public var metricsToken: String?
    /// Request budgets per API token (`--rate-limit`); none by default, as a server used by one person
    /// needs none.
    public var rateLimits: [RateLimitGroup: TokenBucket.Budget] = [:]
    /// Told the port once the server listens: the one it was given, or the one the system chose for 0.
    public var onListening: (@Sendable (_ port: Int) -> Void)?

    public init(
        host: String = "127.0.0.1", port: Int = 8080, dataDirectory: String = "kairos-data", bcryptCost: UInt8 = 11,
        defaultTimeZone: String = TimeZone.current.identifier, logLevel: Logger.Level = .info,
        webDirectory: String? = nil, publicURL: String? = nil, sendmailCommand: String? = nil,
        mailSender: String = "Kairos <kairos@localhost>", mailRetryBase: Duration = .seconds(30)
    ) {
        self.publicURL = publicURL
        self.sendmailCommand = sendmailCommand
        self.mailSender = mailSender
        self.mailRetryBase = mailRetryBase
        self.host = host
        self.port = port
        self.dataDirectory = dataDirectory
        self.bcryptCost = bcryptCost
        self.defaultTimeZone = defaultTimeZone
        self.logLevel = logLevel
        self.webDirectory = webDirectory
    }

    /// The SQLite file inside the data folder.
    public var databasePath: String { (dataDirectory as NSString).appendingPathComponent("kairos.sqlite") }
    /// The folder of uploaded files' content, inside the data folder.
    public var attachmentsDirectory: String { (dataDirectory as NSString).appendingPathComponent("attachments") }
    /// `mailto:` the mail sender's address, for push services to write to.
    var mailContact: String {
        let address = mailSender.split(separator: "<").last.map { $0.trimmingCharacters(in: ["<", ">", " "]) }
        return "mailto:" + (address ?? mailSender)
    }

    /// The server's VAPID private key for Web Push, inside the data folder.
    public var vapidKeyPath: String { (dataDirectory as NSString).appendingPathComponent("vapid-key.pem") }

    /// The folder of scheduled backups and of the copies taken before a schema upgrade.
    public var backupsDirectory: String {
        backupDirectory ?? (dataDirectory as NSString).appendingPathComponent("backups")
    }
}

/// Everything the routes need, built once per process.
public struct AppServices: Sendable {
    public let accounts: AccountService
    public let projects: ProjectService
    public let tasks: TaskService
    public let capture: CaptureService
    public let time: TimeService
    public let conversations: ConversationService
    public let eventFeed: EventFeedService
    public let search: SearchService
    public let invites: InviteService
    public let notifications: NotificationService
    public let attachments: AttachmentService
    public let reminders: ReminderService
    public let sync: SyncService
    public let userData: UserDataService
    public let todoistImports: TodoistImportService
    public let accountDeletion: AccountDeletionService
    public let assistant: AssistantService
    public let notes: NoteService
    public let brief: BriefService
    public let summaries: ThreadSummaryService
    public let threadActions: ThreadActionService
    public let mentionDigests: MentionDigestService
    public let searchAnswers: SearchAnswerService
    public let push: PushService
    public let noticeActions: NoticeActionService
    public let reachSettings: ReachSettingsService
    /// Signing in with the identity provider; nil when none is configured.
    public let oidc: OIDCService?
    /// Signs the links notices carry; nil without a VAPID key.
    let noticeKey: NoticeActionKey?
    /// The address people open the server at.
    let publicURL: String
    public let webhooks: WebhookService
    let calDAV: CalDAVService
    let calDAVWriter: CalDAVWriter
    let calendarFeeds: CalendarFeedService
    /// Task list responses kept until the next write (see `VersionedCache`).
    let taskLists: VersionedCache<ByteBuffer>
    /// The open realtime sockets, woken when their user's event feed grows.
    public let realtime: RealtimeHub
    /// How long a new socket may take to send its `auth` frame.
    public let socketAuthTimeout: Duration
    /// The configured language model; nil when none is (`KAIROS_AI_PROVIDER` off): nothing is sent anywhere.
    public let languageModel: (any LanguageModel)?
    /// The key Web Push is signed with; nil where nothing is pushed (maintenance commands).
    public let vapid: VAPIDKey?
    /// The store as monitoring sees it: readiness, queues, size.
    public let storeHealth: any StoreHealth
    /// The time every service reads.
    let clock: Clock

    public init(
        store: any DataStore, attachmentFiles: AttachmentFiles, clock: Clock = .system, bcryptCost: UInt8 = 11,
        defaultTimeZone: String = "UTC", publicURL: String = "http://127.0.0.1:8080",
        socketAuthTimeout: Duration = .seconds(10), languageModel: (any LanguageModel)? = nil,
        vapid: VAPIDKey? = nil, pushEndpoints: PushEndpointRule = PushEndpointRule(),
        todoist: TodoistSource? = nil, oidc: OIDCConfiguration? = nil,
        oidcTransport: any OIDCTransport = HTTPClientOIDCTransport(), logger: Logger = Logger(label: "kairos")
    ) {
        self.languageModel = languageModel
        self.vapid = vapid
        storeHealth = store
        self.clock = clock
        let hub = RealtimeHub(clock: clock)
        let deliveries = DeliveryRecorder(store: store)
        let eventFeed = EventFeedService(store: store, deliveries: deliveries)
        eventFeed.observeNewEvents { events in hub.publish(events) }
        self.eventFeed = eventFeed
        realtime = hub
        self.socketAuthTimeout = socketAuthTimeout
        accounts = AccountService(
            store: store, clock: clock, bcryptCost: bcryptCost, defaultTimeZone: defaultTimeZone,
            publicURL: publicURL)
        store.observeSignals { [accounts] signal in
            switch signal {
            case .typing(let conversationID, let userID, let audience):
                hub.relay(.typing(conversationID: conversationID, userID: userID), to: audience)
            case .tokensRevoked(let userID):
                await hub.closeRevoked(userID: userID) { token in (try? await accounts.user(forToken: token)) != nil }
            }
        }
        projects = ProjectService(store: store, clock: clock)
        tasks = TaskService(store: store, clock: clock)
        taskLists = VersionedCache(version: { store.committedWrites }, lifetime: 1, capacity: 1_000)
        capture = CaptureService(
            store: store, clock: clock, modelCapture: languageModel.map { ModelCapture(model: $0, logger: logger) })
        time = TimeService(store: store, clock: clock)
        conversations = ConversationService(
            store: store, clock: clock, tasks: tasks, deliveries: deliveries)
        search = SearchService(store: store)
        notifications = NotificationService(store: store, clock: clock, tasks: tasks)
        invites = InviteService(
            store: store, clock: clock, accounts: accounts, conversations: conversations, publicURL: publicURL,
            defaultTimeZone: defaultTimeZone)
        attachments = AttachmentService(store: store, clock: clock, files: attachmentFiles)
        reminders = ReminderService(store: store, clock: clock, tasks: tasks)
        sync = SyncService(store: store, clock: clock, tasks: tasks, projects: projects, reminders: reminders)
        userData = UserDataService(store: store, clock: clock)
        todoistImports = TodoistImportService(userData: userData, source: todoist, clock: clock)
        accountDeletion = AccountDeletionService(store: store, files: attachmentFiles, clock: clock)
        assistant = AssistantService(
            store: store, clock: clock, capture: capture, tasks: tasks, reminders: reminders,
            model: languageModel.map { AssistantModel(model: $0, logger: logger) })
        let summaryModel = languageModel.map { ModelSummary(model: $0, logger: logger) }
        notes = NoteService(store: store, clock: clock, capture: capture, summaryModel: summaryModel)
        brief = BriefService(
            store: store, clock: clock, model: languageModel.map { ModelBrief(model: $0, logger: logger) })
        mentionDigests = MentionDigestService(store: store, clock: clock)
        summaries = ThreadSummaryService(conversations: conversations, model: summaryModel)
        threadActions = ThreadActionService(
            conversations: conversations, store: store,
            model: languageModel.map { ModelActions(model: $0, logger: logger) })
        searchAnswers = SearchAnswerService(
            store: store, conversations: conversations, search: search,
            model: languageModel.map { ModelSearchPlan(model: $0, logger: logger) }, clock: clock)
        push = PushService(store: store, clock: clock, endpoints: pushEndpoints)
        let noticeKey = vapid.map(NoticeActionKey.init(vapid:))
        self.noticeKey = noticeKey
        self.publicURL = publicURL
        noticeActions = NoticeActionService(key: noticeKey, store: store, tasks: tasks, reminders: reminders)
        reachSettings = ReachSettingsService(store: store, key: noticeKey)
        webhooks = WebhookService(store: store, clock: clock, publicURL: publicURL, logger: logger)
        calDAV = CalDAVService(store: store)
        calDAVWriter = CalDAVWriter(
            store: store, reader: calDAV, tasks: tasks, reminders: reminders, projects: projects, clock: clock)
        calendarFeeds = CalendarFeedService(store: store, clock: clock, publicURL: publicURL)
        if let oidc {
            self.oidc = OIDCService(
                configuration: oidc, store: store, accounts: accounts, transport: oidcTransport, clock: clock,
                publicURL: publicURL, defaultTimeZone: defaultTimeZone, logger: logger)
        } else {
            self.oidc = nil
        }
    }
}

/// Opens the embedded store in the data folder and builds the application around it.
public func buildApplication(_ configuration: ServerConfiguration) async throws -> some ApplicationProtocol {
    try await buildApplication(configuration) { logger in try ServerStore.embedded(configuration, logger: logger) }
}

/// Builds the application around the store `open` gives, ready to serve: its schema current and, for a shared
/// database, hearing other processes' writes. The data folder keeps what is not in the database (uploads, the
/// push key), so processes that share a database share that folder too.
public func buildApplication(
    _ configuration: ServerConfiguration, store open: (Logger) async throws -> ServerStore
) async throws -> some ApplicationProtocol {
    var logger = Logger(label: "kairos")
    logger.logLevel = configuration.logLevel
    try FileManager.default.createDirectory(atPath: configuration.dataDirectory, withIntermediateDirectories: true)
    let served = try await open(logger)
    let store = served.store
    let attachmentFiles = try AttachmentFiles(folder: configuration.attachmentsDirectory)
    let vapid = try VAPIDKey.loadOrCreate(at: configuration.vapidKeyPath)
    let signer: VAPIDSigner
    do {
        signer = try VAPIDSigner(key: vapid, contact: configuration.pushContact ?? configuration.mailContact)
    } catch {
        throw VAPIDKeyError("KAIROS_PUSH_CONTACT must be a mailto: or https: address push services can write to.")
    }
    var modelServices: [any Service] = []
    var languageModel: (any LanguageModel)?
    if let model = configuration.model {
        let client = HTTPClient.forModels()
        modelServices.append(HTTPClientService(client: client))
        languageModel = model.makeModel(client: client, logger: logger)
        logger.notice("Language model: \(model)")
    }
    let todoistTransport = HTTPClientTodoistTransport()
    let oidcTransport = HTTPClientOIDCTransport()
    let services = AppServices(
        store: store, attachmentFiles: attachmentFiles,
        bcryptCost: configuration.bcryptCost, defaultTimeZone: configuration.defaultTimeZone,
        publicURL: configuration.publicURL ?? "http://\(configuration.host):\(configuration.port)",
        languageModel: languageModel, vapid: vapid, pushEndpoints: configuration.pushEndpoints,
        todoist: TodoistSource(api: configuration.todoistAPI, transport: todoistTransport), oidc: configuration.oidc,
        oidcTransport: oidcTransport, logger: logger)
    if let oidc = configuration.oidc {
        logger.notice("Sign in with \(oidc.displayName): \(oidc.issuer)")
    }
    // Without a mail command, emails wait in the outbox for `kairos admin outbox`; the log only says so.
    let mail: any Service =
        if let command = configuration.sendmailCommand {
            MailOutbox(
                store: store, transport: SendmailTransport(command: command), sender: configuration.mailSender,
                logger: logger, retryBase: configuration.mailRetryBase)
        } else {
            UnsentMailNotice(store: store, dataDirectory: configuration.dataDirectory, logger: logger)
        }
    let readyLogger = logger
    let monitoring = Monitoring(
        metrics: configuration.metrics ?? ServerMetrics(), metricsToken: configuration.metricsToken,
        budgets: RequestBudgets(budgets: configuration.rateLimits))
    return Application(
        router: buildRouter(
            services, webDirectory: configuration.webDirectory, trustedProxies: configuration.trustedProxies,
            logger: logger, monitoring: monitoring),
        server: .http1WebSocketUpgrade(webSocketRouter: buildWebSocketRouter(services)),
        configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: "Kairos"),
        // Listed before the server, so at shutdown they stop after it: the last receipts are written then.
        services: served.services + modelServices + [
            todoistTransport, oidcTransport, mail, services.conversations.deliveries,
            ReachService(services: services, store: store, signer: signer, logger: logger),
            DeliveryLogSweeper(store: store, logger: logger),
            AttachmentSweeper(store: store, files: attachmentFiles, logger: logger),
            ReminderScheduler(store: store, logger: logger),
            DailyBriefScheduler(store: store, briefs: services.brief, logger: logger),
            MentionDigestScheduler(store: store, logger: logger),
        ],
        onServerRunning: { channel in
            configuration.onListening?(channel.localAddress?.port ?? configuration.port)
            let address = channel.localAddress.map {
                "\($0.ipAddress ?? configuration.host):\($0.port ?? configuration.port)"
            }
            readyLogger.notice(
                "Kairos is ready on http://\(address ?? "\(configuration.host):\(configuration.port)") (data: \(served.location))"
            )
        },
        logger: logger)
}

/// The routes of the API, shared by the real server and the tests, and the web app's files when
/// `webDirectory` is given.
public func buildRouter(
    _ services: AppServices, webDirectory: String? = nil, trustedProxies: TrustedProxies = .none,
    logger: Logger = Logger(label: "kairos"), monitoring: Monitoring = Monitoring()
) -> Router<AppRequestContext> {
    let health = monitoring.health ?? services.storeHealth
    health.observeWriter(monitoring.metrics)
    services.realtime.observeFanOut { [metrics = monitoring.metrics] lag in metrics.recordFanOut(lag) }

    let router = Router(context: AppRequestContext.self)
    // Outermost, so they see every answer as it leaves, error answers included.
    router.add(middleware: RequestIDMiddleware())
    router.add(middleware: RequestMetricsMiddleware(metrics: monitoring.metrics))
    // Before the budgets, which count each client behind a trusted proxy on its own.
    if !trustedProxies.ranges.isEmpty {
        router.add(middleware: ForwardedClientMiddleware(proxies: trustedProxies))
    }
    router.add(middleware: SecurityHeadersMiddleware())
    router.add(middleware: ErrorMiddleware())
    if let webDirectory {
        router.add(middleware: WebAppMiddleware(folder: webDirectory, logger: logger))
    }
    let operations = OperationsController(
        health: health, metrics: monitoring.metrics, hub: services.realtime, metricsToken: monitoring.metricsToken,
        clock: services.clock)
    operations.addRoutes(to: router)

    let api = router.group("api/v1")
    // Requests without a token spend their client address's budget; signed-in ones their token's.
    let addressBudgets = RateLimitMiddleware<AppRequestContext>(budgets: monitoring.budgets) { _ in false }
    let tokenBudgets = RateLimitMiddleware<AppRequestContext>(budgets: monitoring.budgets) { $0.user != nil }
    let anonymous = api.group("").add(middleware: addressBudgets)
    let accounts = AccountController(accounts: services.accounts)
    accounts.addPublicRoutes(to: anonymous.group("auth"))
    OIDCController(oidc: services.oidc, publicURL: services.publicURL).addPublicRoutes(to: anonymous.group("auth"))
    let invites = InviteController(invites: services.invites)
    invites.addPublicRoutes(to: anonymous)
    NoticeActionController(actions: services.noticeActions).addPublicRoutes(to: anonymous)
    let reach = ReachSettingsController(settings: services.reachSettings)
    reach.addPublicRoutes(to: anonymous)

    let signedIn = api.add(middleware: BearerAuthMiddleware(accounts: services.accounts))
        .add(middleware: tokenBudgets)
        .group(context: AuthenticatedContext.self)
    accounts.addRoutes(to: signedIn)
    ProjectController(projects: services.projects).addRoutes(to: signedIn)
    TaskController(tasks: services.tasks, lists: services.taskLists).addRoutes(to: signedIn)
    CaptureController(capture: services.capture).addRoutes(to: signedIn)
    TimeController(time: services.time).addRoutes(to: signedIn)
    ConversationController(conversations: services.conversations).addRoutes(to: signedIn)
    ThreadSummaryController(summaries: services.summaries).addRoutes(to: signedIn)
    ThreadActionController(actions: services.threadActions).addRoutes(to: signedIn)
    EventController(feed: services.eventFeed).addRoutes(to: signedIn)
    SearchController(search: services.search, answers: services.searchAnswers).addRoutes(to: signedIn)
    invites.addRoutes(to: signedIn)
    NotificationController(notifications: services.notifications).addRoutes(to: signedIn)
    AttachmentController(attachments: services.attachments).addRoutes(to: signedIn)
    ReminderController(reminders: services.reminders).addRoutes(to: signedIn)
    SyncController(sync: services.sync).addRoutes(to: signedIn)
    AssistantController(assistant: services.assistant).addRoutes(to: signedIn)
    NoteController(notes: services.notes).addRoutes(to: signedIn)
    UserDataController(userData: services.userData, deletion: services.accountDeletion).addRoutes(to: signedIn)
    TodoistImportController(imports: services.todoistImports).addRoutes(to: signedIn)
    AIController(model: services.languageModel).addRoutes(to: signedIn)
    BriefController(brief: services.brief).addRoutes(to: signedIn)
    PushController(vapid: services.vapid, push: services.push).addRoutes(to: signedIn)
    MentionDigestController(digests: services.mentionDigests).addRoutes(to: signedIn)
    reach.addRoutes(to: signedIn)
    WebhookController(webhooks: services.webhooks).addRoutes(to: signedIn)

    let feeds = CalendarFeedController(feeds: services.calendarFeeds)
    feeds.addPublicRoutes(to: router)
    feeds.addRoutes(to: signedIn)
    let calDAV = CalDAVController(service: services.calDAV, writer: services.calDAVWriter)
    calDAV.addWellKnownRoute(to: router)
    let davAuth = DAVAuthMiddleware(accounts: services.accounts)
    let dav = router.group("dav").add(middleware: davAuth)
    calDAV.addRoutes(
        to: dav, signedIn: dav.group(context: AuthenticatedContext.self),
        root: router.group().add(middleware: davAuth).group(context: AuthenticatedContext.self))
    return router
}

/// The routes that upgrade to a WebSocket, tried before a request reaches `buildRouter`'s routes.
public func buildWebSocketRouter(_ services: AppServices) -> Router<BasicWebSocketRequestContext> {
    let router = Router(context: BasicWebSocketRequestContext.self)
    let api = router.group("api/v1")
    RealtimeController(services: services).addRoutes(to: api)
    return router
}
