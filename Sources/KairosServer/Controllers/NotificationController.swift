import Hummingbird
import KairosCore

/// `/notifications`, following tasks (`/tasks/{id}/follow`), and muting projects and tasks (`/mutes`).
struct NotificationController {
    let notifications: NotificationService

    func addRoutes(to group: RouterGroup<AuthenticatedContext>) {
        group.get("notifications") { request, context -> Page<AppNotification> in
            try await notifications.notifications(
                of: context.user, unreadOnly: try request.queryBool("unread_only") ?? false,
                page: try request.pageRequest(cursorKeys: 3))
        }
        group.get("notifications/unread_count") { _, context -> UnreadCount in
            try await notifications.unreadCount(of: context.user)
        }
        group.post("notifications/read") { request, context -> UnreadCount in
            try await notifications.markRead(
                try await request.decodeJSON(as: NotificationReadRequest.self), for: context.user)
        }
        group.post("tasks/:id/follow") { _, context -> Response in
            try await notifications.follow(try context.parameters.require("id"), for: context.user)
            return Response(status: .noContent)
        }
        group.post("tasks/:id/unfollow") { _, context -> Response in
            try await notifications.unfollow(try context.parameters.require("id"), for: context.user)
            return Response(status: .noContent)
        }
        group.post("projects/:id/mute") { _, context -> Response in
            try await notifications.setProjectMuted(
                true, projectID: try context.parameters.require("id"), for: context.user)
            return Response(status: .noContent)
        }
        group.post("projects/:id/unmute") { _, context -> Response in
            try await notifications.setProjectMuted(
                false, projectID: try context.parameters.require("id"), for: context.user)
            return Response(status: .noContent)
        }
        group.post("tasks/:id/mute") { _, context -> Response in
            try await notifications.setTaskMuted(true, taskID: try context.parameters.require("id"), for: context.user)
            return Response(status: .noContent)
        }
        group.post("tasks/:id/unmute") { _, context -> Response in
            try await notifications.setTaskMuted(false, taskID: try context.parameters.require("id"), for: context.user)
            return Response(status: .noContent)
        }
        group.get("mutes") { _, context -> MuteList in
            try await notifications.mutes(of: context.user)
        }
        group.get("tasks/:id/followers") { _, context -> Page<Collaborator> in
            Page(
                results: try await notifications.followers(of: try context.parameters.require("id"), for: context.user),
                nextCursor: nil)
        }
    }
}
