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
        group.get("reminders/:id") { _, context -> Reminder in
            try await reminders.reminder(try context.parameters.require("id"), of: context.user)
        }
        group.post("reminders/:id") { request, context -> Reminder in
            try await reminders.update(
                try context.parameters.require("id"), try await request.decodeJSON(as: ReminderUpdateRequest.self),
                for: context.user)
        }
        group.post("reminders/:id/snooze") { request, context -> Reminder in
            try await reminders.snooze(
                try context.parameters.require("id"), try await request.decodeJSON(as: ReminderSnoozeRequest.self),
                for: context.user)
        }
        group.post("reminders/:id/acknowledge") { _, context -> Reminder in
            try await reminders.acknowledge(try context.parameters.require("id"), for: context.user)
        }
        group.delete("reminders/:id") { _, context -> Response in
            try await reminders.delete(try context.parameters.require("id"), for: context.user)
            return Response(status: .noContent)
        }
        // Todoist's location reminders need a phone's position, which Kairos never has: every call says so.
        group.get("location_reminders") { _, _ -> Response in throw Self.noLocationReminders }
        group.post("location_reminders") { _, _ -> Response in throw Self.noLocationReminders }
        group.get("location_reminders/:id") { _, _ -> Response in throw Self.noLocationReminders }
        group.post("location_reminders/:id") { _, _ -> Response in throw Self.noLocationReminders }
        group.delete("location_reminders/:id") { _, _ -> Response in throw Self.noLocationReminders }
    }

    static let noLocationReminders = KairosError.badRequest(
        "Kairos has no location reminders. Set a time reminder instead (POST /api/v1/reminders).")
}
