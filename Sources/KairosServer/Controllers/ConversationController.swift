import Hummingbird
import KairosCore

/// `/conversations` and `/messages`: direct messages and groups, their history, and the links
/// between messages and tasks; `/people`: whom to start one with.
struct ConversationController {
    let conversations: ConversationService

    func addRoutes(to group: RouterGroup<AuthenticatedContext>) {
        group.get("conversations") { request, context -> Page<Conversation> in
            try await conversations.conversations(of: context.user, page: try request.pageRequest(cursorKeys: 2))
        }
        group.post("conversations") { request, context -> Conversation in
            try await conversations.create(
                try await request.decodeJSON(as: ConversationCreateRequest.self), for: context.user)
        }
        group.get("conversations/unread_count") { _, context -> UnreadCount in
            try await conversations.unreadCount(of: context.user)
        }
        group.get("people") { request, context -> Page<Collaborator> in
            Page(
                results: try await conversations.directory(matching: request.query("q"), for: context.user),
                nextCursor: nil)
        }
        group.get("conversations/:id") { _, context -> Conversation in
            try await conversations.conversation(try context.parameters.require("id"), of: context.user)
        }
        group.post("conversations/:id") { request, context -> Conversation in
            let body = try await request.decodeJSON(as: ConversationUpdateRequest.self)
            return try await conversations.update(try context.parameters.require("id"), body, for: context.user)
        }
        group.post("conversations/:id/members") { request, context -> Conversation in
            let body = try await request.decodeJSON(as: ConversationMembersRequest.self)
            return try await conversations.addMembers(try context.parameters.require("id"), body, for: context.user)
        }
        group.delete("conversations/:id/members/:user_id") { _, context -> Response in
            try await conversations.removeMember(
                try context.parameters.require("id"), memberID: try context.parameters.require("user_id"),
                for: context.user)
            return Response(status: .noContent)
        }
        group.post("conversations/:id/leave") { _, context -> Response in
            try await conversations.leave(try context.parameters.require("id"), for: context.user)
            return Response(status: .noContent)
        }
        group.post("conversations/:id/read") { request, context -> Conversation in
            let body = try await request.decodeJSON(as: ConversationReadRequest.self)
            return try await conversations.markRead(body, in: try context.parameters.require("id"), for: context.user)
        }
        group.get("conversations/:id/messages") { request, context -> Page<Message> in
            try await conversations.messages(
                in: try context.parameters.require("id"), of: context.user,
                page: try request.pageRequest(cursorKeys: 1))
        }
        group.post("conversations/:id/messages") { request, context -> PostedMessage in
            let body = try await request.decodeJSON(as: MessageSendRequest.self)
            return try await conversations.send(body, to: try context.parameters.require("id"), for: context.user)
        }
        group.post("conversations/:id/tasks") { request, context -> Message in
            let body = try await request.decodeJSON(as: TaskShareRequest.self)
            return try await conversations.share(body, into: try context.parameters.require("id"), for: context.user)
        }
        group.post("messages/:id") { request, context -> PostedMessage in
            let body = try await request.decodeJSON(as: MessageSendRequest.self)
            return try await conversations.edit(try context.parameters.require("id"), body, for: context.user)
        }
        group.post("messages/:id/task") { request, context -> TaskItem in
            let body = try await request.decodeJSON(as: MessageTaskRequest.self, allowEmpty: true)
            return try await conversations.createTask(
                fromMessage: try context.parameters.require("id"), body, for: context.user)
        }
    }
}
