import Hummingbird
import KairosCore

/// `/reminders`: the caller's reminders on tasks.
struct ReminderController {
    let reminders: ReminderService

    func addRoutes(to group: RouterGroup<AuthenticatedContext>) {
        group.get("reminders") { request, context -> Page<Reminder> in
            try await reminders.reminders(
                of: context.user, taskID: request.query("task_id"), page: try request.pageRequest(cursorKeys: 1))
        }
        group.post("reminders") { request, context -> Response in
            let created = try await reminders.create(
                try await request.decodeJSON(as: ReminderCreateRequest.self), for: context.user)
            return created.jsonResponse(status: .created)
        }
        group.delete("reminders/:id") { _, context -> Response in
            try await reminders.delete(try context.parameters.require("id"), for: context.user)
            return Response(status: .noContent)
        }
    }
}
