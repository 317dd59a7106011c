import Foundation

extension KairosClient {
    /// One page of the comments on a task or a project (`GET /comments`).
    public func comments(
        taskID: String? = nil, projectID: String? = nil, cursor: String? = nil, limit: Int? = nil
    ) async throws -> Page<Comment> {
        try await send(
            .get, "comments",
            query: [
                "task_id": taskID, "project_id": projectID, "cursor": cursor, "limit": limit.map { String($0) },
            ])
    }

    /// One comment (`GET /comments/{id}`).
    public func comment(id: String) async throws -> Comment {
        try await send(.get, "comments", id)
    }

    /// Adds a comment to a task or a project (`POST /comments`).
    public func createComment(_ request: CommentCreateRequest) async throws -> Comment {
        try await send(.post, "comments", body: request)
    }

    /// Replaces a comment's text (`POST /comments/{id}`).
    public func updateComment(id: String, _ request: CommentUpdateRequest) async throws -> Comment {
        try await send(.post, "comments", id, body: request)
    }

    /// Deletes a comment (`DELETE /comments/{id}`).
    public func deleteComment(id: String) async throws {
        let _: NoContent = try await send(.delete, "comments", id)
    }
}
