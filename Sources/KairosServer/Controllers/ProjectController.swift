import Hummingbird
import KairosCore

/// `/projects`, `/sections` and `/labels` in the Todoist API v1 shape.
struct ProjectController {
    let projects: ProjectService

    func addRoutes(to group: RouterGroup<AuthenticatedContext>) {
        group.get("projects") { request, context -> Page<Project> in
            try await projects.projects(of: context.user, archived: false, page: try request.pageRequest(cursorKeys: 2))
        }
        group.get("projects/search") { request, context -> Page<Project> in
            try await projects.searchProjects(
                request.query("query"), of: context.user, page: try request.pageRequest(cursorKeys: 1))
        }
        group.get("projects/archived") { request, context -> Page<Project> in
            try await projects.projects(of: context.user, archived: true, page: try request.pageRequest(cursorKeys: 2))
        }
        group.get("projects/task_counts") { _, context -> TaskCounts in
            try await projects.taskCounts(of: context.user)
        }
        group.post("projects/reorder") { request, context -> Response in
            try await projects.reorderProjects(
                try await request.decodeJSON(as: ProjectReorderRequest.self), for: context.user)
            return Response(status: .noContent)
        }
        group.post("projects") { request, context -> Project in
            try await projects.createProject(
                try await request.decodeJSON(as: ProjectCreateRequest.self), for: context.user)
        }
        group.get("projects/:id") { _, context -> Project in
            try await projects.project(try context.parameters.require("id"), of: context.user)
        }
        group.post("projects/:id") { request, context -> Project in
            let body = try await request.decodeJSON(as: ProjectUpdateRequest.self)
            return try await projects.updateProject(try context.parameters.require("id"), body, for: context.user)
        }
        group.delete("projects/:id") { request, context -> Response in
            try await projects.deleteProject(
                try context.parameters.require("id"), taskPolicy: request.query("tasks"), for: context.user)
            return Response(status: .noContent)
        }
        group.post("projects/:id/archive") { _, context -> Project in
            try await projects.setArchived(try context.parameters.require("id"), true, for: context.user)
        }
        group.post("projects/:id/unarchive") { _, context -> Project in
            try await projects.setArchived(try context.parameters.require("id"), false, for: context.user)
        }
        group.get("projects/:id/collaborators") { _, context -> Page<Collaborator> in
            let members = try await projects.members(of: try context.parameters.require("id"), for: context.user)
            return Page(
                results: members.map { Collaborator(id: $0.userID, email: $0.email, name: $0.name) }, nextCursor: nil)
        }
        group.get("projects/:id/members") { _, context -> Page<ProjectMember> in
            Page(
                results: try await projects.members(of: try context.parameters.require("id"), for: context.user),
                nextCursor: nil)
        }
        group.post("projects/:id/members") { request, context -> ProjectMember in
            let body = try await request.decodeJSON(as: ProjectMemberRequest.self)
            return try await projects.share(try context.parameters.require("id"), body, for: context.user)
        }
        group.post("projects/:id/members/:user_id") { request, context -> ProjectMember in
            let body = try await request.decodeJSON(as: ProjectRoleRequest.self)
            return try await projects.setRole(
                try context.parameters.require("id"), of: try context.parameters.require("user_id"), body,
                for: context.user)
        }
        group.delete("projects/:id/members/:user_id") { _, context -> Response in
            try await projects.removeMember(
                try context.parameters.require("id"), try context.parameters.require("user_id"), for: context.user)
            return Response(status: .noContent)
        }
        group.get("projects/:id/audit") { request, context -> Page<AuditEntry> in
            try await projects.auditLog(
                of: try context.parameters.require("id"), for: context.user,
                page: try request.pageRequest(cursorKeys: 1))
        }

        group.get("sections") { request, context -> Page<Section> in
            try await projects.sections(
                of: context.user, projectID: request.query("project_id"), page: try request.pageRequest(cursorKeys: 2))
        }
        group.post("sections") { request, context -> Section in
            try await projects.createSection(
                try await request.decodeJSON(as: SectionCreateRequest.self), for: context.user)
        }
        group.get("sections/search") { request, context -> Page<Section> in
            try await projects.searchSections(
                request.query("query"), projectID: request.query("project_id"), of: context.user,
                page: try request.pageRequest(cursorKeys: 1))
        }
        group.get("sections/:id") { _, context -> Section in
            try await projects.section(try context.parameters.require("id"), of: context.user)
        }
        group.post("sections/:id") { request, context -> Section in
            let body = try await request.decodeJSON(as: SectionUpdateRequest.self)
            return try await projects.updateSection(try context.parameters.require("id"), body, for: context.user)
        }
        group.post("sections/reorder") { request, context -> Response in
            try await projects.reorderSections(
                try await request.decodeJSON(as: SectionReorderRequest.self), for: context.user)
            return Response(status: .noContent)
        }
        group.delete("sections/:id") { request, context -> Response in
            try await projects.deleteSection(
                try context.parameters.require("id"), taskPolicy: request.query("tasks"), for: context.user)
            return Response(status: .noContent)
        }

        group.get("labels") { request, context -> Page<Label> in
            try await projects.labels(of: context.user, page: try request.pageRequest(cursorKeys: 2))
        }
        group.post("labels") { request, context -> Label in
            try await projects.createLabel(try await request.decodeJSON(as: LabelRequest.self), for: context.user)
        }
        group.get("labels/search") { request, context -> Page<Label> in
            try await projects.searchLabels(
                request.query("query"), of: context.user, page: try request.pageRequest(cursorKeys: 1))
        }
        group.get("labels/:id") { _, context -> Label in
            try await projects.label(try context.parameters.require("id"), of: context.user)
        }
        group.post("labels/:id") { request, context -> Label in
            let body = try await request.decodeJSON(as: LabelRequest.self)
            return try await projects.updateLabel(try context.parameters.require("id"), body, for: context.user)
        }
        group.delete("labels/:id") { _, context -> Response in
            try await projects.deleteLabel(try context.parameters.require("id"), for: context.user)
            return Response(status: .noContent)
        }
    }
}
