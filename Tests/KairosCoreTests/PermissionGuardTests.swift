import Testing

@testable import KairosCore

@Suite("Permission guard")
struct PermissionGuardTests {
    static let scope = AccessScope(ownerID: "1", roles: ["2": .editor, "3": .commenter, "5": .member])

    /// Every role against every action: the table the guard must implement.
    static let expected: [Role?: Set<Action>] = [
        .owner: Set(Action.allCases),
        .editor: Set(Action.allCases).subtracting([.manageMembers, .share]),
        .commenter: [.view, .comment],
        .member: [.view, .comment],
        nil: [],
    ]

    @Test(
        "Role x action table",
        arguments: [("1", Role.owner), ("2", .editor), ("3", .commenter), ("5", .member), ("4", nil)]
            as [(String, Role?)])
    func table(actor: String, role: Role?) {
        #expect(Self.scope.role(of: actor) == role)
        for action in Action.allCases {
            #expect(
                PermissionGuard.can(actor, action, Self.scope) == Self.expected[role]!.contains(action),
                "\(actor) \(action)")
        }
    }

    @Test("A stranger gets not found, so existence does not leak; a commenter gets forbidden")
    func errors() {
        #expect(throws: KairosError.missing("Task")) {
            try PermissionGuard.require("4", .view, Self.scope, resource: "Task")
        }
        #expect {
            try PermissionGuard.require("3", .delete, Self.scope, resource: "Task")
        } throws: { error in
            if case .forbidden = error as? KairosError { return true }
            return false
        }
    }

    @Test("A conversation has no owner above its members: only a member's own role counts")
    func conversationScope() {
        let group = AccessScope.conversation(members: ["1": .owner, "2": .member])
        #expect(PermissionGuard.can("1", .manageMembers, group))
        #expect(PermissionGuard.can("2", .comment, group))
        #expect(!PermissionGuard.can("2", .manageMembers, group))
        #expect(!PermissionGuard.can("3", .view, group))
        let direct = AccessScope.conversation(members: ["1": .member, "2": .member])
        #expect(!PermissionGuard.can("1", .manageMembers, direct))
        #expect(throws: KairosError.missing("Conversation")) {
            try PermissionGuard.require("3", .view, direct, resource: "Conversation")
        }
    }
}
