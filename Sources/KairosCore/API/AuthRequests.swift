/// `POST /api/v1/auth/signup`.
public struct SignupRequest: Codable, Sendable {
    public var email: String
    public var password: String
    public var name: String
    public var timezone: String?

    public init(email: String, password: String, name: String, timezone: String? = nil) {
        self.email = email
        self.password = password
        self.name = name
        self.timezone = timezone
    }

    public enum CodingKeys: String, CodingKey, CaseIterable {
        case email, password, name, timezone
    }
}

/// `POST /api/v1/auth/login`.
public struct LoginRequest: Codable, Sendable {
    public var email: String
    public var password: String

    public init(email: String, password: String) {
        self.email = email
        self.password = password
    }

    public enum CodingKeys: String, CodingKey, CaseIterable {
        case email, password
    }
}

/// The answer to sign-up and login: a bearer token and who it belongs to.
public struct AuthResponse: Decodable, Sendable, JSONWritable {
    public var token: String
    public var user: User

    public init(token: String, user: User) {
        self.token = token
        self.user = user
    }

    public func write(to json: inout JSONWriter) {
        json.object { json in
            json.key("token"); json.string(token)
            json.key("user"); json.value(user)
        }
    }
}

/// `POST /api/v1/user`: change the name, the time zone, quiet hours, whether others see how far one has
/// read, and when the daily brief comes.
public struct UserUpdateRequest: Codable, Sendable {
    public var name: String?
    public var timezone: String?
    /// `{"start": "22:00", "end": "07:00"}`, or null for none.
    public var quietHours: FieldUpdate<QuietHours>
    public var hideReadReceipts: Bool?
    /// ISO weekday numbers, 1 (Monday) to 7 (Sunday), each once; checked by the server.
    public var workdays: [Int]?
    /// "HH:MM" on the user's own clock, such as "08:00"; checked by the server.
    public var dailyBriefTime: String?
    /// Whether the reminders the assistant proposes are added at once, without a tap on each card.
    public var assistantAddsWithoutAsking: Bool?
    /// Whether the user's words and tasks may be sent to the server's language model.
    public var aiEnabled: Bool?
    /// Whether every reminder of the user's comes back until answered, unless it says otherwise.
    public var nagReminders: Bool?

    public init(
        name: String? = nil, timezone: String? = nil, quietHours: FieldUpdate<QuietHours> = .unchanged,
        hideReadReceipts: Bool? = nil, workdays: [Int]? = nil, dailyBriefTime: String? = nil,
        assistantAddsWithoutAsking: Bool? = nil, aiEnabled: Bool? = nil, nagReminders: Bool? = nil
    ) {
        self.nagReminders = nagReminders
        self.assistantAddsWithoutAsking = assistantAddsWithoutAsking
        self.aiEnabled = aiEnabled
        self.name = name
        self.timezone = timezone
        self.quietHours = quietHours
        self.hideReadReceipts = hideReadReceipts
        self.workdays = workdays
        self.dailyBriefTime = dailyBriefTime
    }

    public enum CodingKeys: String, CodingKey, CaseIterable {
        case name, timezone, workdays
        case quietHours = "quiet_hours"
        case hideReadReceipts = "hide_read_receipts"
        case dailyBriefTime = "daily_brief_time"
        case assistantAddsWithoutAsking = "assistant_adds_without_asking"
        case aiEnabled = "ai_enabled"
        case nagReminders = "nag_reminders"
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        nagReminders = try c.decodeIfPresent(Bool.self, forKey: .nagReminders)
        name = try c.decodeIfPresent(String.self, forKey: .name)
        timezone = try c.decodeIfPresent(String.self, forKey: .timezone)
        quietHours = try c.decodeUpdate(QuietHours.self, forKey: .quietHours)
        hideReadReceipts = try c.decodeIfPresent(Bool.self, forKey: .hideReadReceipts)
        workdays = try c.decodeIfPresent([Int].self, forKey: .workdays)
        dailyBriefTime = try c.decodeIfPresent(String.self, forKey: .dailyBriefTime)
        assistantAddsWithoutAsking = try c.decodeIfPresent(Bool.self, forKey: .assistantAddsWithoutAsking)
        aiEnabled = try c.decodeIfPresent(Bool.self, forKey: .aiEnabled)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encodeIfPresent(name, forKey: .name)
        try c.encodeIfPresent(timezone, forKey: .timezone)
        try c.encodeUpdate(quietHours, forKey: .quietHours)
        try c.encodeIfPresent(hideReadReceipts, forKey: .hideReadReceipts)
        try c.encodeIfPresent(workdays, forKey: .workdays)
        try c.encodeIfPresent(dailyBriefTime, forKey: .dailyBriefTime)
        try c.encodeIfPresent(assistantAddsWithoutAsking, forKey: .assistantAddsWithoutAsking)
        try c.encodeIfPresent(aiEnabled, forKey: .aiEnabled)
        try c.encodeIfPresent(nagReminders, forKey: .nagReminders)
    }
}

/// `POST /api/v1/tokens`: create a named personal API token.
public struct TokenCreateRequest: Codable, Sendable {
    public var name: String

    public init(name: String) {
        self.name = name
    }

    public enum CodingKeys: String, CodingKey, CaseIterable {
        case name
    }
}

/// A freshly created token; `token` is shown this once and stored only as a hash.
public struct TokenCreatedResponse: Decodable, Sendable, JSONWritable {
    public var token: String
    public var info: APITokenInfo

    public init(token: String, info: APITokenInfo) {
        self.token = token
        self.info = info
    }

    public func write(to json: inout JSONWriter) {
        json.object { json in
            json.key("token"); json.string(token)
            json.key("info"); json.value(info)
        }
    }
}
