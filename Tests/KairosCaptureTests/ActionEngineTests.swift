import Foundation
import KairosCapture
import KairosCore
import Testing

/// One test per rule of actions-rules.md: what a thread holds, each field, and the follow-ups.
@Suite struct ActionEngineTests {
    let engine = ActionEngine()

    /// A thread whose messages are one minute apart from `start` (a Tuesday), in New York.
    func actions(
        _ members: [String], _ messages: [(String, String)], start: String = "2026-01-20T10:00"
    ) -> [ActionItem] {
        let zone = TimeZone(identifier: "America/New_York")!
        let first = LocalDateTime(iso: start)!
        let thread = ActionThread(
            members: members.map { ActionMember(id: $0.lowercased(), name: $0) },
            messages: messages.enumerated().map { index, message in
                ActionMessage(
                    senderID: message.0.lowercased(), sentAt: first.adding(seconds: 60 * index, in: zone),
                    text: message.1)
            },
            timeZone: zone)
        return engine.actions(in: thread)
    }

    func summary(_ items: [ActionItem]) -> [String] {
        items.map { "\($0.message) \($0.title) -> \($0.assignee?.name ?? "-") @ \($0.due?.iso ?? "-")" }
    }

    let team = ["Alice", "Bob", "Chen"]

    // MARK: - 1. What is an action

    @Test func aRequestGoesToTheMemberItNames() {
        let items = actions(
            team,
            [
                ("Alice", "@BOB can you send the deck by friday"),
                ("Alice", "Chen, please book the room"),
                ("Chen", "can you order the badges, Bob?"),
                ("Bob", "Chen make sure you invite the investors"),
            ])
        #expect(
            summary(items) == [
                "0 Send the deck -> Bob @ 2026-01-23T09:00", "1 Book the room -> Chen @ -",
                "2 Order the badges -> Bob @ -", "3 Invite the investors -> Chen @ -",
            ])
        #expect(items.allSatisfy { (0...1).contains($0.confidence) })
    }

    @Test func aNameOnItsOwnOrOpeningTheSentenceAddressesTheRequestAfterIt() {
        let items = actions(
            team,
            [
                ("Alice", "Thanks Bob! Can you also book the room for friday?"),
                ("Bob", "Chen, when you get a chance, can you print the handouts"),
                ("Chen", "can you print the agenda?"),
            ])
        #expect(summary(items) == ["0 Book the room -> Bob @ 2026-01-23T09:00", "1 Print the handouts -> Chen @ -"])
    }

    @Test func tellingSomeoneSomethingIsADeedButTellMeIsAQuestion() {
        let items = actions(
            team,
            [
                ("Alice", "someone has to tell support about the new plans"),
                ("Bob", "Chen, can you tell me how many people signed up?"),
                ("Chen", "can anyone explain how the cron works"),
            ])
        #expect(summary(items) == ["0 Tell support about the new plans -> - @ -"])
    }

    @Test func aNameThatIsAlsoAWordAddressesOnlyBeforeAPause() {
        let items = actions(
            ["Ann", "Will", "May"],
            [
                ("Ann", "someone needs to update the wiki"),
                ("May", "Will do!"),
                ("Ann", "Will, please book the room"),
            ])
        #expect(summary(items) == ["0 Update the wiki -> May @ -", "2 Book the room -> Will @ -"])
    }

    @Test func inATwoMemberThreadYouIsTheOtherMember() {
        let items = actions(["Pablo", "Marta"], [("Marta", "can you call the technician?")])
        #expect(summary(items) == ["0 Call the technician -> Pablo @ -"])
    }

    @Test func betweenTwoPeopleAPlainImperativeAsksTheOtherButWishesAndNewsDoNot() {
        let items = actions(
            ["Xan", "Yas"],
            [
                ("Xan", "great, grab some coffee too"),
                ("Yas", "have a good day!"),
                ("Xan", "backup job failed again last night"),
                ("Yas", "take care"),
            ])
        #expect(summary(items) == ["0 Grab some coffee -> Yas @ -"])
    }

    @Test func aSelfCommitmentIsTheSendersWhateverNameStandsInFront() {
        let items = actions(
            team,
            [
                ("Alice", "I'll draft the agenda tonight"),
                ("Bob", "on it, I'll fix the login bug tomorrow"),
                ("Chen", "Alice I'll email you the slides tonight"),
                ("Bob", "I still need to renew my passport"),
                ("Chen", "let me check the logs"),
            ])
        #expect(
            summary(items) == [
                "0 Draft the agenda -> Alice @ 2026-01-20T20:00", "1 Fix the login bug -> Bob @ 2026-01-21T09:00",
                "2 Email you the slides -> Chen @ 2026-01-20T20:00", "3 Renew my passport -> Bob @ -",
                "4 Check the logs -> Chen @ -",
            ])
    }

    @Test func anUnassignedNeedHasNoAssignee() {
        let items = actions(
            team,
            [
                ("Alice", "someone needs to update the wiki"),
                ("Bob", "we should renew the domain before the 30th"),
                ("Chen", "can someone water the plants?"),
            ])
        #expect(
            summary(items) == [
                "0 Update the wiki -> - @ -", "1 Renew the domain -> - @ 2026-01-30T09:00",
                "2 Water the plants -> - @ -",
            ])
    }

    @Test func questionsFactsStatesAcknowledgementsChatterAndJokesAreNotActions() {
        let items = actions(
            team,
            [
                ("Alice", "what time is the demo?"),
                ("Bob", "did anyone order the badges?"),
                ("Chen", "@bob do you have the invoice number?"),
                ("Alice", "can someone explain how the cron works"),
                ("Bob", "who has the spare key?"),
                ("Chen", "I sent it"),
                ("Alice", "the build is green"),
                ("Bob", "we're out of 4 inch pots"),
                ("Chen", "I'll be in the office all day"),
                ("Alice", "I'll need a ride home"),
                ("Bob", "sounds good 👍"),
                ("Chen", "let's grab lunch friday"),
                ("Alice", "see you tomorrow, have a good weekend"),
                ("Bob", "haha someone needs to tell the cat to stop walking on my keyboard"),
                ("Alice", "someone needs to hide the cookies from me 😂"),
                ("Chen", "the team offsite is on the 14th"),
            ])
        #expect(items.isEmpty, Comment(rawValue: summary(items).joined(separator: "\n")))
    }

    @Test func oneMessageCanHoldSeveralActionsSplitAsCaptureSplitsTasks() {
        let items = actions(
            team,
            [
                ("Alice", "I'll book the venue and order the flyers"),
                ("Bob", "Chen, send the deck and the notes"),
            ])
        #expect(
            summary(items) == [
                "0 Book the venue -> Alice @ -", "0 Order the flyers -> Alice @ -",
                "1 Send the deck and the notes -> Chen @ -",
            ])
    }

    // MARK: - 2. Fields

    @Test func titlesDropTheRequestAndDatesAsCaptureDoesAndKeepMeAndYou() {
        let items = actions(
            team,
            [
                ("Alice", "@bob can you send me the invoice by EOD"),
                ("Bob", "Chen, please renew the domain asap"),
                ("Chen", "@alice could you call the vendor at 3 no wait 4"),
            ])
        #expect(
            summary(items) == [
                "0 Send me the invoice -> Bob @ 2026-01-20T17:00", "1 Renew the domain -> Chen @ -",
                "2 Call the vendor -> Alice @ 2026-01-20T16:00",
            ])
    }

    @Test func aDateSaidElsewhereInTheThreadIsNotTheActionsDue() {
        let items = actions(
            team,
            [
                ("Alice", "investor meeting is next wednesday"),
                ("Alice", "@bob can you send the deck before then"),
            ])
        #expect(items.count == 1)
        #expect(items.first?.due == nil)
    }

    // MARK: - 3. Follow-ups

    @Test func anAcceptanceAddsNoActionAndItsDateIsTheDue() {
        let items = actions(
            ["Pablo", "Marta"],
            [
                ("Marta", "can you call the technician?"),
                ("Pablo", "sure, I'll call them at 4"),
                ("Marta", "@pablo could you book the inspection?"),
                ("Pablo", "ok, by friday"),
            ])
        #expect(
            summary(items) == [
                "0 Call the technician -> Pablo @ 2026-01-20T16:00",
                "2 Book the inspection -> Pablo @ 2026-01-23T09:00",
            ])
    }

    @Test func aClaimTakesAnOpenUnassignedActionWithItsDate() {
        let items = actions(
            team,
            [
                ("Alice", "someone needs to email the three enterprise customers"),
                ("Bob", "I'll do it at 2"),
                ("Chen", "we should raise the heap limit"),
                ("Alice", "what font are we using?"),
                ("Bob", "I can raise the heap tomorrow"),
            ])
        #expect(
            summary(items) == [
                "0 Email the three enterprise customers -> Bob @ 2026-01-20T14:00",
                "2 Raise the heap limit -> Bob @ 2026-01-21T09:00",
            ])
    }

    @Test func doingBothClaimsTheTwoLatestOpenActions() {
        let items = actions(
            team,
            [
                ("Alice", "we must update the app store screenshots"),
                ("Bob", "and someone should translate the release notes"),
                ("Chen", "I'll do both tomorrow"),
            ])
        #expect(
            summary(items) == [
                "0 Update the app store screenshots -> Chen @ 2026-01-21T09:00",
                "1 Translate the release notes -> Chen @ 2026-01-21T09:00",
            ])
    }

    @Test func anOfferOnItsOwnIsNoAction() {
        #expect(actions(team, [("Alice", "I can do the slides if you want")]).isEmpty)
    }

    @Test func aHandOffGivesTheLatestOpenActionToTheMemberNamed() {
        let items = actions(
            team,
            [
                ("Alice", "someone needs to update the wiki"),
                ("Bob", "we should renew the domain before the 30th"),
                ("Chen", "good catch, Bob can you do that?"),
                ("Alice", "Chen, you take the wiki tomorrow"),
            ])
        #expect(
            summary(items) == [
                "0 Update the wiki -> Chen @ 2026-01-21T09:00", "1 Renew the domain -> Bob @ 2026-01-30T09:00",
            ])
    }

    @Test func aCompletionRemovesTheAction() {
        let items = actions(
            team,
            [
                ("Alice", "@bob can you send the deck by friday"),
                ("Chen", "I'll book the room"),
                ("Alice", "can someone reorder the 250g bags?"),
                ("Chen", "I'll do it now"),
                ("Bob", "done, deck is sent"),
                ("Chen", "room is booked"),
                ("Chen", "bags reordered, arriving monday"),
            ])
        #expect(items.isEmpty, Comment(rawValue: summary(items).joined(separator: "\n")))
    }

    @Test func aBareDoneClosesTheSendersOwnAction() {
        let items = actions(
            team,
            [
                ("Bob", "I'll do the ham"),
                ("Alice", "Chen can you sort the secret santa names by wednesday"),
                ("Chen", "done, check your emails"),
                ("Alice", "Bob, can you review my PR before lunch?"),
                ("Bob", "approved ✅"),
            ])
        #expect(summary(items) == ["0 Do the ham -> Bob @ -"])
    }

    @Test func aCancellationRemovesTheActionForGood() {
        let items = actions(
            team,
            [
                ("Alice", "Bob, please buy balloons for the party"),
                ("Alice", "@chen please book the room"),
                ("Alice", "@bob can you order the cake"),
                ("Alice", "forget the balloons"),
                ("Bob", "ok, I'll do it tomorrow"),
                ("Alice", "Chen, no need to book the room anymore"),
            ])
        #expect(summary(items) == ["2 Order the cake -> Bob @ 2026-01-21T09:00"])
    }

    @Test func anAnswerThatPromisesItDoneByATimeDatesTheRequest() {
        let items = actions(
            team,
            [
                ("Alice", "Bob, please fix the form validation asap"),
                ("Bob", "yep, I'll have it fixed by 3"),
            ])
        #expect(summary(items) == ["0 Fix the form validation -> Bob @ 2026-01-20T15:00"])
    }

    @Test func theLatestDateStatedWins() {
        let items = actions(
            team,
            [
                ("Alice", "@bob can you check the redirects this week"),
                ("Bob", "sure, I'll do it thursday"),
            ])
        #expect(summary(items) == ["0 Check the redirects -> Bob @ 2026-01-22T09:00"])
    }

    // MARK: - Output

    @Test func actionsWriteTheRulesJSON() {
        let item = ActionItem(
            title: "Send the deck", assignee: ActionMember(id: "u1", name: "Bob"),
            due: LocalDateTime(iso: "2026-01-23T09:00"), message: 1, confidence: 0.9)
        let unassigned = ActionItem(title: "Update the wiki", assignee: nil, due: nil, message: 0, confidence: 0.75)
        #expect(
            String(decoding: JSONWriter.encode(item), as: UTF8.self)
                == #"{"title":"Send the deck","assignee":"Bob","due":"2026-01-23T09:00","message":1,"confidence":0.9}"#)
        #expect(
            String(decoding: JSONWriter.encode(unassigned), as: UTF8.self)
                == #"{"title":"Update the wiki","assignee":null,"due":null,"message":0,"confidence":0.75}"#)
    }

    @Test func aThreadWithoutMessagesOrFromStrangersHasNoSurprises() {
        #expect(actions(team, []).isEmpty)
        // A sender who is not a member can ask, but their own promises have no one to go to.
        let items = actions(team, [("Dana", "@bob can you send the deck"), ("Dana", "I'll write the notes")])
        #expect(summary(items) == ["0 Send the deck -> Bob @ -"])
    }
}
