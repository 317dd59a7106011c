// The feed's reads stay in SQLiteStore+Conversations.swift, beside the conversation writes that add events.
extension SQLiteStore: EventFeedStore {}
