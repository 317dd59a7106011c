import Foundation
import KairosCapture
import KairosCore
import Testing

/// The assistant rules section by section: the type, a reminder's tasks, a list's name and items, a date's answer.
@Suite struct AssistantEngineTests {
    let engine = AssistantEngine()

    /// Friday 13 March 2026, 10:00 in New York.
    func context(
        _ now: String = "2026-03-13T10:00", lists: [String] = ["Inbox", "Errands", "Grocery"]
    )
        -> CaptureContext
    {
        CaptureContext(now: LocalDateTime(iso: now)!, timeZone: TimeZone(identifier: "America/New_York")!, lists: lists)
    }

    func answer(_ text: String, now: String = "2026-03-13T10:00") -> AssistantAnswer {
        engine.answer(text, context: context(now))
    }

    func date(_ text: String, now: String = "2026-03-13T10:00") -> String? {
        guard case .dateQuery(let date) = answer(text, now: now) else { return nil }
        return date.iso
    }

    func list(_ text: String) -> AssistantList? {
        guard case .todoList(let list) = answer(text) else { return nil }
        return list
    }

    func tasks(_ text: String) -> [CaptureProposal]? {
        guard case .reminder(let tasks, _) = answer(text) else { return nil }
        return tasks
    }

    // MARK: 1. The type

    @Test func greetingsFillersAndThePoliteQuestionFormDoNotChangeTheType() {
        #expect(answer("hi! remind me to call the bank").type == "reminder")
        #expect(answer("um okay so what's the date tomorrow thanks").type == "date_query")
        #expect(answer("Hello, could you make a packing list?").type == "todo_list")
        #expect(answer("would you water the ferns tomorrow?").type == "reminder")
        #expect(answer("good morning").type == "conversation")
        #expect(answer("thanks so much!").type == "conversation")
        #expect(answer("hmm okay").type == "conversation")
        #expect(answer("").type == "conversation")
    }

    @Test func questionsAndRequestsForAnAnswerNowAreConversation() {
        for text in [
            "what time is it", "when is my next meeting", "what's due tomorrow", "what do I have on friday",
            "when should I start packing for a move?", "how do I change the due date of a task?",
            "tell me about the history of calendars", "can you explain how priorities work",
            "give me some tips for planning my week", "what can you do", "do you work offline?",
            "how do I share a list with my partner", "what's the best to-do list app", "what's left on my list",
            "this week is crazy", "lol that's funny", "I love this app", "so tired of this",
            "my to-do list is too long",
            "give me ideas for a packing list", "cancel that", "let's get started",
        ] {
            #expect(answer(text) == .conversation, Comment(rawValue: text))
        }
    }

    // MARK: 2. reminder

    @Test func aReminderIsWhatCaptureMakesOfTheMessageWithoutTheAssistantLeadIn() throws {
        let pharmacy = try #require(tasks("remind me at 7:15 pm to call the pharmacy"))
        #expect(pharmacy.map(\.title) == ["Call the pharmacy"])
        #expect(pharmacy.first?.due?.iso == "2026-03-13T19:15")

        let club = try #require(tasks("remind me about the book club on monday at 7 pm"))
        #expect(club.map { WorkedCase.normalizedTitle($0.title) } == ["book club"])
        #expect(club.first?.due?.iso == "2026-03-16T19:00")

        let insurance = try #require(tasks("set a reminder for me to renew the car insurance next friday"))
        #expect(insurance.map(\.title) == ["Renew the car insurance"])
        #expect(insurance.first?.due?.iso == "2026-03-20T09:00")

        let report = try #require(tasks("remind me tomorrow at 9 to submit the report"))
        #expect(report.map(\.title) == ["Submit the report"])
        #expect(report.first?.due?.iso == "2026-03-14T09:00")

        let dentist = try #require(tasks("remind me on monday about the dentist"))
        #expect(dentist.map { WorkedCase.normalizedTitle($0.title) } == ["dentist"])
        #expect(dentist.first?.due?.iso == "2026-03-16T09:00")

        let both = try #require(tasks("add these tasks: book the vet for Biscuit and buy cat litter"))
        #expect(both.map(\.title) == ["Book the vet for Biscuit", "Buy cat litter"])

        let groceries = try #require(tasks("add milk and eggs to my grocery list"))
        #expect(groceries.map(\.title) == ["Milk", "Eggs"])
        #expect(groceries.map(\.list) == ["Grocery", "Grocery"])
    }

    @Test func whatCaptureSetsAsideComesBackWithItsPlaceInTheMessage() throws {
        let message = "hey, this week is crazy, remind me to call mom"
        guard case .reminder(let tasks, let setAside) = answer(message) else {
            Issue.record("not a reminder")
            return
        }
        #expect(tasks.map(\.title) == ["Call mom"])
        #expect(setAside.map(\.text) == ["this week is crazy"])
        let utf16 = Array(message.utf16)
        #expect(tasks.map { String(decoding: utf16[$0.sourceSpan], as: UTF16.self) } == ["call mom"])
    }

    @Test func thinkingAloudAndPriorityRemarksDoNotHideTheTasks() throws {
        let dump = try #require(tasks("okay so um where do i start i need to email the professor tomorrow morning"))
        #expect(dump.map(\.title) == ["Email the professor"])
        #expect(tasks("what a week, I have to call the bank on monday")?.map(\.title) == ["Call the bank"])
        let urgent = try #require(tasks("this is urgent call the landlord about the heater"))
        #expect(urgent.map(\.title) == ["Call the landlord about the heater"])
        #expect(urgent.first?.priority == 1)
        #expect(tasks("when I get home, call mom")?.last?.title == "Call mom")
    }

    @Test func capturesOwnRulesForStatementsAndCorrectionsStillApply() throws {
        let rent = try #require(tasks("remind me that the rent is due friday"))
        #expect(rent.map(\.title) == ["Rent"])
        #expect(rent.first?.due?.iso == "2026-03-20T09:00")

        let mom = try #require(tasks("remind me to call mom at five no wait six"))
        #expect(mom.map(\.title) == ["Call mom"])
        #expect(mom.first?.due?.iso == "2026-03-13T18:00")

        #expect(answer("remind me to") == .conversation)
    }

    // MARK: 3. todo_list

    @Test func theListsNameDropsTheMakingVerbThePersonAndTheArticle() {
        #expect(list("can you make a list") == AssistantList(title: "List", subtasks: []))
        #expect(list("make me a study plan for learning spanish")?.title == "Study plan for learning spanish")
        #expect(list("start a to-do list for me")?.title == "To-do list")
        #expect(list("draw up a budget plan for next month")?.title == "Budget plan for next month")
        #expect(list("I'd like a reading list")?.title == "Reading list")
        #expect(list("give me a to do list for saturday")?.title == "To do list for saturday")
    }

    @Test func itemsStartAfterAMarkerOrAfterAOneWordPurpose() {
        #expect(
            list("make a packing list for the beach: sunscreen, towels and snacks")
                == AssistantList(title: "Packing list for the beach", subtasks: ["Sunscreen", "Towels", "Snacks"]))
        #expect(
            list("Put together a to-do list for the school fundraiser - order raffle prizes, print flyers")
                == AssistantList(
                    title: "To-do list for the school fundraiser", subtasks: ["Order raffle prizes", "Print flyers"]))
        #expect(
            list("grocery list for the week with bread eggs bananas and yogurt")
                == AssistantList(title: "Grocery list for the week", subtasks: ["Bread", "Eggs", "Bananas", "Yogurt"]))
        #expect(
            list("shopping list for tacos ground beef tortillas cheese and salsa")
                == AssistantList(
                    title: "Shopping list for tacos", subtasks: ["Ground beef", "Tortillas", "Cheese", "Salsa"]))
        #expect(
            list("gym bag checklist towel water bottle and headphones")
                == AssistantList(title: "Gym bag checklist", subtasks: ["Towel", "Water bottle", "Headphones"]))
        #expect(
            list("list of things to do today: call mom and pay rent")
                == AssistantList(title: "List of things to do today", subtasks: ["Call mom", "Pay rent"]))
    }

    @Test func spokenItemsSplitBetweenActionsAndKeepOneThingWhole() {
        #expect(
            list("chores checklist call mom pay rent water the plants")?.subtasks == [
                "Call mom", "Pay rent", "Water the plants",
            ])
        #expect(
            list("party checklist napkins paper plates and a bag of ice")?.subtasks.map(WorkedCase.normalizedTitle) == [
                "napkins", "paper plates", "bag of ice",
            ])
        #expect(list("make a shopping list: milk tomorrow, eggs")?.subtasks == ["Milk", "Eggs"])
    }

    @Test func addingToAListATaskAboutAListAndQuestionsAboutListsAreNotNewLists() {
        #expect(answer("add milk and eggs to my grocery list").type == "reminder")
        #expect(answer("put stamps on my errands list").type == "reminder")
        #expect(answer("remind me to print the guest list on monday").type == "reminder")
        #expect(answer("I have to update the contact list").type == "reminder")
        #expect(answer("add these to my tasks: pay rent and call mom").type == "reminder")
        #expect(answer("how do I share a list with my partner").type == "conversation")
        #expect(answer("plan the trip to rome").type == "reminder")
        #expect(
            list("plan for saturday: clean the car, buy groceries")?.subtasks == ["Clean the car", "Buy groceries"])
        #expect(answer("my shopping list is getting long").type != "todo_list")
    }

    // MARK: 4. date_query

    @Test func relativeDaysCountFromNowsDate() {
        // Friday 13 March 2026.
        #expect(date("what's today's date") == "2026-03-13")
        #expect(date("what day is it") == "2026-03-13")
        #expect(date("what date is it right now", now: "2026-03-13T22:30") == "2026-03-13")
        #expect(date("what date is it tomorrow") == "2026-03-14")
        #expect(date("what day is the day after tomorrow") == "2026-03-15")
        #expect(date("what day was it yesterday") == "2026-03-12")
        #expect(date("what was the date the day before yesterday") == "2026-03-11")
        #expect(date("when is two weeks from today") == "2026-03-27")
        #expect(date("what date was it three days ago") == "2026-03-10")
        #expect(date("what date is a week from friday") == "2026-03-27")
        #expect(date("what day is ten days after the 15th") == "2026-03-25")
        #expect(date("what date will it be in a couple of days") == "2026-03-15")
        #expect(date("today's date?") == "2026-03-13")
        #expect(date("what's next friday's date") == "2026-03-20")
    }

    @Test func weekdaysWeekendsAndEndsFollowTheCaptureRules() {
        #expect(date("what's the date next friday") == "2026-03-20")
        #expect(date("which day is this sunday") == "2026-03-15")
        #expect(date("what date is this weekend") == "2026-03-14")
        #expect(date("what date is this weekend", now: "2026-03-15T10:00") == "2026-03-15")
        #expect(date("what date is next weekend") == "2026-03-21")
        #expect(date("what date is next week") == "2026-03-16")
        #expect(date("what date is the end of the week", now: "2026-03-14T10:00") == "2026-03-20")
        #expect(date("when is the end of the month") == "2026-03-31")
    }

    @Test func explicitDatesWithoutAYearAreTheNextOne() {
        #expect(date("what day of the week is march 12") == "2027-03-12")
        #expect(date("what day is 3/20") == "2026-03-20")
        #expect(date("what day of the week is 2027-03-09") == "2027-03-09")
        #expect(date("what day is march 9 2027") == "2027-03-09")
        #expect(date("when's the 2nd of may") == "2026-05-02")
        #expect(date("remind me what day the 15th is") == "2026-03-15")
        #expect(date("what day of the week is the 12th") == "2026-04-12")
        #expect(date("what weekday is the third of april") == "2026-04-03")
    }

    @Test func aQuestionAboutTheUsersOwnThingsIsNotADateQuestion() {
        #expect(date("when is my dentist appointment") == nil)
        #expect(date("what day is the party") == nil)
        #expect(date("what's due next friday") == nil)
    }

    // MARK: 5. Output

    @Test func eachTypeWritesItsOwnFields() {
        func json(_ answer: AssistantAnswer) -> String { String(decoding: JSONWriter.encode(answer), as: UTF8.self) }
        #expect(
            json(answer("what's the date next friday"))
                == #"{"type":"date_query","date":"2026-03-20","weekday":"Friday"}"#)
        #expect(json(answer("make a list: eggs")) == #"{"type":"todo_list","title":"List","subtasks":["Eggs"]}"#)
        #expect(json(answer("hello")) == #"{"type":"conversation"}"#)
        #expect(json(answer("call mom")).hasPrefix(#"{"type":"reminder","tasks":[{"title":"Call mom","#))
    }
}
