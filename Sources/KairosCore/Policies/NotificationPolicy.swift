import Foundation

/// Who hears of what: whether something that happened reaches a person's notification feed, and whether it
/// is pushed to them now or held, kept in the feed but not pushed, by their quiet hours.
///
/// What is said to someone directly always reaches them: a mention, a task assigned to them, their own
/// reminder. Muting a conversation (or keeping it to mentions) silences its other messages; muting a project
/// or a task silences the activity of its tasks (completed, reopened) that following would bring.
public enum NotificationPolicy {
    /// What happened, as it concerns the person who may hear of it.
    public enum Occasion: Sendable, Equatable {
        /// They were @mentioned in a message.
        case mention
        /// A new message in a conversation they are in, not by them.
        case message
        /// A task was assigned to them by someone else.
        case assigned
        /// A task they follow was completed or reopened by someone else.
        case taskActivity
        /// One of their reminders went off.
        case reminder
        /// Their daily brief is ready.
        case dailyBrief
        /// Mentions they have not read waited for them while they were away.
        case mentionDigest
    }

    /// The person's own settings that bear on an occasion; those that do not apply keep their defaults.
    public struct Listener: Sendable, Equatable {
        public var quietHours: QuietHours?
        public var timeZone: TimeZone
        /// Their setting in the conversation it happened in.
        public var conversationMuted: Bool
        public var conversationLevel: NotificationLevel
        /// Whether they muted the project of the task it is about.
        public var projectMuted: Bool
        /// Whether they muted the task it is about.
        public var taskMuted: Bool

        public init(
            quietHours: QuietHours?, timeZone: TimeZone, conversationMuted: Bool = false,
            conversationLevel: NotificationLevel = .all, projectMuted: Bool = false, taskMuted: Bool = false
        ) {
            self.quietHours = quietHours
            self.timeZone = timeZone
            self.conversationMuted = conversationMuted
            self.conversationLevel = conversationLevel
            self.projectMuted = projectMuted
            self.taskMuted = taskMuted
        }
    }

    /// How a notification reaches someone.
    public enum Delivery: Sendable, Equatable {
        /// It does not: nothing in their feed.
        case none
        /// Into their feed and pushed now.
        case now
        /// Into their feed, marked quiet and not pushed: it falls in their quiet hours.
        case held
    }

    /// How `occasion`, happening at `instant`, reaches `listener`.
    public static func delivery(of occasion: Occasion, to listener: Listener, at instant: Date) -> Delivery {
        guard hears(occasion, listener) else { return .none }
        return listener.quietHours?.contains(instant, in: listener.timeZone) == true ? .held : .now
    }

    /// A way a notification leaves Kairos, beyond the person's feed and open apps.
    public enum Channel: String, Sendable, CaseIterable {
        /// Web Push to each device the person subscribed.
        case push
        /// Each outgoing webhook and ntfy topic the person set up.
        case webhook
        case email
    }

    /// Where each kind goes until the person says otherwise: what is said to them directly (reminders,
    /// mentions, tasks given to them, their brief) rings their devices; their own hooks also hear about the
    /// tasks they follow; the mentions they missed, already rung for one by one, come together by email;
    /// other email waits to be asked for.
    public static func defaultChannels(for topic: ReachSettings.Topic) -> Set<Channel> {
        switch topic {
        case .reminder, .mention, .assigned, .brief: [.push, .webhook]
        case .taskStatus: [.webhook]
        case .digest: [.email]
        }
    }

    /// The channels a notification of `kind` leaves by for someone with `settings`. One held by quiet hours
    /// waits in the feed, and goes by email alone: a phone stays silent, whichever app it would ring through.
    /// A brief meant for devices goes by email to someone with none subscribed, so it reaches them somewhere.
    public static func channels(
        for kind: AppNotification.Kind, quiet: Bool, settings: ReachSettings, hasPushDevice: Bool
    ) -> [Channel] {
        guard let topic = ReachSettings.Topic(kind) else { return [] }
        var channels = settings.channels(for: topic)
        if topic == .brief, channels.contains(.push), !hasPushDevice { channels.insert(.email) }
        if quiet { channels.formIntersection([.email]) }
        return Channel.allCases.filter(channels.contains)
    }

    /// Whether `occasion` reaches `listener`'s feed at all, whenever it happens.
    public static func hears(_ occasion: Occasion, _ listener: Listener) -> Bool {
        switch occasion {
        case .mention, .assigned, .reminder, .dailyBrief, .mentionDigest:
            true
        case .message:
            !listener.conversationMuted && listener.conversationLevel == .all
        case .taskActivity:
            !listener.projectMuted && !listener.taskMuted
        }
    }
}

extension NotificationPolicy {
    /// Whether a message notifies `reader`, a member of a conversation whose messages they hear (`hears(.message)`),
    /// who was in it when it was posted: a text message by someone else that does not mention them, since a
    /// mention notifies on its own. Posts of the system and shared task cards do not.
    public static func messageNotifies(
        kind: MessageKind, authorID: String?, mentionsReader: Bool, reader: String
    ) -> Bool {
        kind == .text && authorID != reader && !mentionsReader
    }

    /// Who a new text message's mentions notify, in the order of `members`: the members of its conversation it
    /// mentions, never its author (nor anyone mentioned who is not in the conversation).
    public static func mentionRecipients(mentions: [String], members: [String], authorID: String) -> [String] {
        let mentioned = Set(mentions)
        return members.filter { $0 != authorID && mentioned.contains($0) }
    }
}
