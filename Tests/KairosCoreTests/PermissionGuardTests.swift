import Testing

@testable import KairosCore

@Suite("Permission guard")
struct PermissionGuardTests {
    static let scope = AccessScope(ownerID: "1", roles: ["2": .editor, "3": .commenter, "5": .member])
    static let lenient = AccessScope(
        ownerID: "1", roles: ["2": .editor, "3": .commenter, "5": .member], commentersMayComplete: true)

    /// What each role may do to each kind of resource, spelled out rather than derived: the table the
    /// guard must implement. `nil` is someone with no role at all.
    static func expected(_ role: Role?, _ resource: Resource, commentersMayComplete: Bool) -> Set<Action> {
        let everything = Set(Action.allCases)
        switch role {
        case .owner:
            return everything
        case .editor:
            return resource == .project
                ? [.view, .create, .update, .complete, .comment]
                : everything.subtracting([.manageMembers])
        case .commenter:
            return resource == .task && commentersMayComplete ? [.view, .comment, .complete] : [.view, .comment]
        case .member:
            return [.view, .comment]
        case nil:
            return []
        }
    }

    @Test(
        "Role x action x resource table",
        arguments: [("1", Role.owner), ("2", .editor), ("3", .commenter), ("5", .member), ("4", nil)]
            as [(String, Role?)])
    func table(actor: String, role: Role?) {
        #expect(Self.scope.role(of: actor) == role)
        for scope in [Self.scope, Self.lenient] {
            for resource in Resource.allCases {
                let allowed = Self.expected(role, resource, commentersMayComplete: scope.commentersMayComplete)
                for action in Action.allCases {
                    #expect(
                        PermissionGuard.can(actor, action, resource, in: scope) == allowed.contains(action),
                        "\(actor) \(action) \(resource) lenient=\(scope.commentersMayComplete)")
                }
            }
        }
    }

    @Test("A stranger gets not found, so existence does not leak; a commenter gets forbidden with their role named")
    func errors() {
        #expect(throws: KairosError.missing("Task")) {
            try PermissionGuard.require("4", .view, .task, in: Self.scope)
        }
        #expect {
            try PermissionGuard.require("3", .delete, .task, in: Self.scope)
        } throws: { error in
            guard case .forbidden(let message) = error as? KairosError else { return false }
            return message.contains("commenter") && message.contains("delete this task")
        }
    }

    @Test("A conversation has no owner above its members: only a member's own role counts")
    func conversationScope() {
        let group = AccessScope.conversation(members: ["1": .owner, "2": .member])
        #expect(PermissionGuard.can("1", .manageMembers, .conversation, in: group))
        #expect(PermissionGuard.can("2", .comment, .conversation, in: group))
        #expect(!PermissionGuard.can("2", .manageMembers, .conversation, in: group))
        #expect(!PermissionGuard.can("3", .view, .conversation, in: group))
        let direct = AccessScope.conversation(members: ["1": .member, "2": .member])
        #expect(!PermissionGuard.can("1", .manageMembers, .conversation, in: direct))
        #expect(throws: KairosError.missing("Conversation")) {
            try PermissionGuard.require("3", .view, .conversation, in: direct)
        }
    }
}
