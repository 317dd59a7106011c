import KairosCore
import Testing

/// Where a task made from a thread's action goes: the list follows the assignee.
@Suite struct ActionPlacementTests {
    let launch = PlaceableProject(id: "10", name: "Launch", people: ["ada", "bob", "erin"], callerCanAdd: true)
    let garden = PlaceableProject(id: "11", name: "Garden", people: ["ada", "bob"], callerCanAdd: true)
    let readOnly = PlaceableProject(id: "12", name: "Budget", people: ["ada", "bob", "erin", "carol"], callerCanAdd: false)

    func place(_ assignee: (id: String, name: String)?, home: String? = nil) -> ActionPlacement.Choice {
        ActionPlacement.place(
            assignee: assignee, callerID: "ada", conversationProjectID: home, memberIDs: ["ada", "bob", "erin"],
            projects: [garden, readOnly, launch])
    }

    @Test func theConversationsOwnListWinsWhenTheAssigneeIsInIt() {
        #expect(place(("bob", "Bob"), home: "11") == .init(projectID: "11", projectName: "Garden", assigneeID: "bob", note: nil))
    }

    @Test func otherwiseTheListHoldingTheAssigneeAndMostOfTheThread() {
        #expect(place(("bob", "Bob")).projectID == "10")
        #expect(place(("erin", "Erin"), home: "11").projectID == "10")
    }

    @Test func aListTheCallerCannotAddToIsNeverChosen() {
        let choice = place(("carol", "Carol"))
        #expect(choice.projectID == nil && choice.assigneeID == nil)
        #expect(choice.note?.contains("Carol") == true)
    }

    @Test func theCallersOwnAndUnassignedActionsGoToTheThreadsListOrTheInbox() {
        #expect(place(("ada", "Ada")) == .init(projectID: nil, projectName: nil, assigneeID: "ada", note: nil))
        #expect(place(nil, home: "10") == .init(projectID: "10", projectName: "Launch", assigneeID: nil, note: nil))
        #expect(place(nil, home: "12").projectID == nil)
    }
}
