import Foundation
import KairosCore
import Testing

@testable import KairosStore

/// `CalendarStore` and `CalendarObjectStore`'s behaviour, the same on every backend.
@Suite("Calendar store, on every backend")
struct CalendarStoreSuite {
    @Test(
        "A calendar lists its tasks, completed ones too, with the reader's reminders, then the kept objects",
        arguments: StoreBackend.all)
    func entries(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let ada = try await store.person()
            let bob = try await store.person("Bob")
            let carol = try await store.person("Carol")
            let home = try await store.project("Home", for: ada)
            _ = try await store.setProjectMember(
                projectID: home.id, userID: bob.id, role: .editor, by: ada.id, now: suiteNow)
            let paint = try await store.task("Paint", for: ada) { $0.projectID = home.id }
            let walls = try await store.task("Walls", for: ada) {
                $0.projectID = home.id
                $0.parentID = paint.id
            }
            let shop = try await store.task("Shop", for: ada) { $0.projectID = home.id }
            try await store.closeTask(userID: ada.id, id: shop.id, now: suiteNow)
            _ = try await store.task("Elsewhere", for: ada)
            let adas = try await store.createReminder(
                userID: ada.id, taskID: paint.id, time: .beforeDue(minutes: 30), nag: nil, now: suiteNow)
            let bobs = try await store.createReminder(
                userID: bob.id, taskID: paint.id, time: .beforeDue(minutes: 10), nag: nil, now: suiteNow)
            let event = CalendarObject(name: "party.ics", uid: "party", text: "BEGIN:VCALENDAR")
            try await store.saveCalendarObject(event, projectID: home.id, taskID: nil)

            let entries = try await store.calendarEntries(userID: ada.id, projectID: home.id)
            #expect(
                entries.map(\.name) == [paint.id, walls.id, shop.id].map(DAVPath.objectName(taskID:)) + ["party.ics"])
            #expect(entries.map(\.task?.id) == [paint.id, walls.id, shop.id, nil])
            #expect(entries[2].task?.completedAt != nil)
            #expect(entries.prefix(3).allSatisfy { $0.object == nil && $0.parentObjectUID == nil })
            #expect(entries[3].object == event && entries[3].reminders.isEmpty)
            #expect(entries[0].reminders.map(\.id) == [adas.id])
            let bobsEntries = try await store.calendarEntries(userID: bob.id, projectID: home.id)
            #expect(bobsEntries.map(\.name) == entries.map(\.name))
            #expect(bobsEntries[0].reminders.map(\.id) == [bobs.id])

            // Nobody else reads it; ids that name nothing read as nothing.
            #expect(try await store.calendarEntries(userID: carol.id, projectID: home.id).isEmpty)
            #expect(try await store.calendarEntries(userID: carol.id, projectID: home.id, names: ["party.ics"]).isEmpty)
            #expect(try await store.calendarEntry(userID: carol.id, projectID: home.id, uid: "party") == nil)
            #expect(try await store.calendarVersion(userID: carol.id, projectID: home.id) == nil)
            #expect(try await store.calendarChanges(userID: carol.id, projectID: home.id, since: 0) == nil)
            #expect(try await store.calendarEntries(userID: ada.id, projectID: "x").isEmpty)
            #expect(try await store.calendarEntries(userID: ada.id, projectID: "999999").isEmpty)
            #expect(try await store.calendarVersion(userID: ada.id, projectID: "x") == nil)
            #expect(try await store.calendarEntry(userID: ada.id, projectID: "x", uid: "party") == nil)
            await #expect(throws: KairosError.missing("User")) {
                _ = try await store.calendarEntries(userID: "x", projectID: home.id)
            }
        }
    }

    @Test(
        "Objects clients stored name their tasks, link subtasks to their parents' UIDs and are found by name or UID",
        arguments: StoreBackend.all)
    func storedObjects(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let ada = try await store.person()
            let home = try await store.project("Home", for: ada)
            let work = try await store.project("Work", for: ada)
            let paint = try await store.task("Paint", for: ada) { $0.projectID = home.id }
            let walls = try await store.task("Walls", for: ada) {
                $0.projectID = home.id
                $0.parentID = paint.id
            }
            let shop = try await store.task("Shop", for: ada) { $0.projectID = home.id }
            let parent = CalendarObject(name: "a.ics", uid: "A", text: "one")
            try await store.saveCalendarObject(parent, projectID: home.id, taskID: paint.id)
            try await store.saveCalendarObject(
                CalendarObject(name: "b.ics", uid: "B", text: "two"), projectID: home.id, taskID: walls.id)
            let event = CalendarObject(name: "party.ics", uid: "E", text: "event")
            try await store.saveCalendarObject(event, projectID: home.id, taskID: nil)
            try await store.saveCalendarObject(
                CalendarObject(name: "party.ics", uid: "W", text: "work event"), projectID: work.id, taskID: nil)

            let entries = try await store.calendarEntries(userID: ada.id, projectID: home.id)
            #expect(entries.map(\.name) == ["a.ics", "b.ics", DAVPath.objectName(taskID: shop.id), "party.ics"])
            #expect(entries[0].object == parent && entries[0].task?.id == paint.id)
            #expect(entries[1].parentObjectUID == "A" && entries[0].parentObjectUID == nil)

            // By name: a stored name, or Kairos' own for a task no client stored.
            let named = try await store.calendarEntries(
                userID: ada.id, projectID: home.id,
                names: [
                    "party.ics", DAVPath.objectName(taskID: walls.id), "a.ics", DAVPath.objectName(taskID: shop.id),
                    "nope.ics", "task-x.ics",
                ])
            #expect(named.map(\.name) == ["a.ics", DAVPath.objectName(taskID: shop.id), "party.ics"])
            #expect(named.last?.object == event)
            #expect(try await store.calendarEntries(userID: ada.id, projectID: work.id, names: ["a.ics"]).isEmpty)

            // By UID: a stored one, or Kairos' own for a task no client stored.
            #expect(try await store.calendarEntry(userID: ada.id, projectID: home.id, uid: "A")?.name == "a.ics")
            #expect(try await store.calendarEntry(userID: ada.id, projectID: home.id, uid: "E")?.object == event)
            #expect(
                try await store.calendarEntry(
                    userID: ada.id, projectID: home.id, uid: TaskCalendar.uid(taskID: shop.id))?
                    .task?.id == shop.id)
            #expect(
                try await store.calendarEntry(
                    userID: ada.id, projectID: home.id, uid: TaskCalendar.uid(taskID: paint.id)) == nil)
            #expect(try await store.calendarEntry(userID: ada.id, projectID: work.id, uid: "A") == nil)
            #expect(try await store.calendarEntry(userID: ada.id, projectID: home.id, uid: "W") == nil)

            // Saving again replaces: a task's object by its task, a kept one by its name.
            let renamed = CalendarObject(name: "a2.ics", uid: "A2", text: "one again")
            try await store.saveCalendarObject(renamed, projectID: home.id, taskID: paint.id)
            let changedEvent = CalendarObject(name: "party.ics", uid: "E2", text: "event again")
            try await store.saveCalendarObject(changedEvent, projectID: home.id, taskID: nil)
            let after = try await store.calendarEntries(userID: ada.id, projectID: home.id)
            #expect(after.map(\.name) == ["a2.ics", "b.ics", DAVPath.objectName(taskID: shop.id), "party.ics"])
            #expect(after[0].object == renamed && after[1].parentObjectUID == "A2" && after[3].object == changedEvent)

            // Deleting forgets a kept object of that project only; a task's object goes with its task.
            try await store.deleteCalendarObject(projectID: home.id, name: "a2.ics")
            try await store.deleteCalendarObject(projectID: home.id, name: "party.ics")
            #expect(
                try await store.calendarEntries(userID: ada.id, projectID: home.id).map(\.name) == [
                    "a2.ics", "b.ics", DAVPath.objectName(taskID: shop.id),
                ])
            #expect(try await store.calendarEntries(userID: ada.id, projectID: work.id).map(\.object?.uid) == ["W"])
            await #expect(throws: KairosError.missing("Project")) {
                try await store.saveCalendarObject(event, projectID: "x", taskID: nil)
            }
            await #expect(throws: KairosError.missing("Task")) {
                try await store.saveCalendarObject(event, projectID: home.id, taskID: "x")
            }
        }
    }

    @Test(
        "A person's calendar names and properties are theirs; properties are set, changed and removed at once",
        arguments: StoreBackend.all)
    func namesAndProperties(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let ada = try await store.person()
            let bob = try await store.person("Bob")
            let home = try await store.project("Home", for: ada)
            let work = try await store.project("Work", for: ada)
            try await store.nameCalendarCollection(userID: ada.id, projectID: home.id, name: "my-home")
            #expect(try await store.calendarCollectionNames(userID: ada.id) == [home.id: "my-home"])
            #expect(try await store.calendarProjectID(userID: ada.id, collectionName: "my-home") == home.id)
            #expect(try await store.calendarProjectID(userID: ada.id, collectionName: "other") == nil)
            #expect(try await store.calendarCollectionNames(userID: bob.id).isEmpty)
            #expect(try await store.calendarProjectID(userID: bob.id, collectionName: "my-home") == nil)
            await #expect(throws: (any Error).self) {
                try await store.nameCalendarCollection(userID: ada.id, projectID: work.id, name: "my-home")
            }

            let apple = "http://apple.com/ns/ical/"
            try await store.setCalendarProperties(
                userID: ada.id, projectID: home.id,
                [
                    CalendarProperty(namespace: apple, name: "calendar-order", value: "2"),
                    CalendarProperty(namespace: apple, name: "calendar-color", value: "#ff0000"),
                    CalendarProperty(namespace: "DAV:", name: "Zed", value: "z"),
                    CalendarProperty(namespace: "DAV:", name: "alpha", value: "a"),
                ])
            try await store.setCalendarProperties(
                userID: ada.id, projectID: work.id,
                [CalendarProperty(namespace: apple, name: "calendar-order", value: "1")])
            try await store.setCalendarProperties(
                userID: ada.id, projectID: home.id,
                [
                    CalendarProperty(namespace: apple, name: "calendar-order", value: nil),
                    CalendarProperty(namespace: apple, name: "calendar-color", value: "#00ff00"),
                    CalendarProperty(namespace: apple, name: "never-set", value: nil),
                ])
            let properties = try await store.calendarProperties(userID: ada.id)
            #expect(
                properties[home.id] == [
                    CalendarProperty(namespace: "DAV:", name: "Zed", value: "z"),
                    CalendarProperty(namespace: "DAV:", name: "alpha", value: "a"),
                    CalendarProperty(namespace: apple, name: "calendar-color", value: "#00ff00"),
                ])
            #expect(properties[work.id] == [CalendarProperty(namespace: apple, name: "calendar-order", value: "1")])
            #expect(try await store.calendarProperties(userID: bob.id).isEmpty)
            await #expect(throws: KairosError.missing("User")) { _ = try await store.calendarProperties(userID: "x") }
        }
    }

    @Test(
        "Tasks waiting for their parent's object are taken once, from their project only", arguments: StoreBackend.all)
    func waitingTasks(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let ada = try await store.person()
            let home = try await store.project("Home", for: ada)
            let work = try await store.project("Work", for: ada)
            var waiting: [String] = []
            for name in ["one", "two"] {
                let task = try await store.task(name, for: ada) { $0.projectID = home.id }
                try await store.saveCalendarObject(
                    CalendarObject(name: "\(name).ics", uid: name, text: name, waitingParentUID: "P"),
                    projectID: home.id, taskID: task.id)
                waiting.append(task.id)
            }
            let elsewhere = try await store.task("three", for: ada) { $0.projectID = work.id }
            try await store.saveCalendarObject(
                CalendarObject(name: "three.ics", uid: "three", text: "three", waitingParentUID: "P"),
                projectID: work.id, taskID: elsewhere.id)

            #expect(try await store.takeTasksWaiting(forParentUID: "Q", projectID: home.id).isEmpty)
            #expect(try await store.takeTasksWaiting(forParentUID: "P", projectID: home.id) == waiting)
            #expect(try await store.takeTasksWaiting(forParentUID: "P", projectID: home.id).isEmpty)
            #expect(try await store.takeTasksWaiting(forParentUID: "P", projectID: "x").isEmpty)
            let entries = try await store.calendarEntries(userID: ada.id, projectID: home.id)
            #expect(entries.allSatisfy { $0.object != nil && $0.object?.waitingParentUID == nil })
            #expect(try await store.takeTasksWaiting(forParentUID: "P", projectID: work.id) == [elsewhere.id])
        }
    }

    @Test(
        "Each change numbers its entry; changes after a version list what changed and the names that left",
        arguments: StoreBackend.all)
    func versionsAndChanges(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let ada = try await store.person()
            let home = try await store.project("Home", for: ada)
            let work = try await store.project("Work", for: ada)
            #expect(try await store.calendarVersion(userID: ada.id, projectID: home.id) == 0)
            let empty = try #require(try await store.calendarChanges(userID: ada.id, projectID: home.id, since: 0))
            #expect(empty == CalendarChanges(changed: [], removed: [], version: 0))

            let paint = try await store.task("Paint", for: ada) { $0.projectID = home.id }
            let shop = try await store.task("Shop", for: ada) { $0.projectID = home.id }
            let first = try #require(try await store.calendarVersion(userID: ada.id, projectID: home.id))
            let entries = try await store.calendarEntries(userID: ada.id, projectID: home.id)
            #expect(entries.map(\.task?.id) == [paint.id, shop.id])
            #expect(entries[0].version > 0 && entries[0].version < entries[1].version && entries[1].version == first)
            let all = try #require(try await store.calendarChanges(userID: ada.id, projectID: home.id, since: 0))
            #expect(all.changed == entries && all.removed.isEmpty && all.version == first)

            // A change of the task, its labels or its reminders is a change of its entry.
            _ = try await store.updateTask(
                userID: ada.id, id: paint.id, changes: .with { $0.content = "Paint walls" }, now: suiteNow)
            var changes = try #require(
                try await store.calendarChanges(userID: ada.id, projectID: home.id, since: first))
            #expect(changes.changed.map(\.task?.content) == ["Paint walls"] && changes.removed.isEmpty)
            #expect(changes.version > first && changes.changed[0].version == changes.version)
            let second = changes.version
            _ = try await store.createReminder(
                userID: ada.id, taskID: shop.id, time: .beforeDue(minutes: 5), nag: nil, now: suiteNow)
            changes = try #require(try await store.calendarChanges(userID: ada.id, projectID: home.id, since: second))
            #expect(changes.changed.map(\.task?.id) == [shop.id] && changes.version > second)
            #expect(try await store.calendarVersion(userID: ada.id, projectID: home.id) == changes.version)
            #expect(try await store.calendarVersion(userID: ada.id, projectID: work.id) == 0)

            // Kept objects change and leave under their names; one that came back is no removal.
            let third = changes.version
            try await store.saveCalendarObject(
                CalendarObject(name: "party.ics", uid: "E", text: "event"), projectID: home.id, taskID: nil)
            try await store.saveCalendarObject(
                CalendarObject(name: "gone.ics", uid: "G", text: "gone"), projectID: home.id, taskID: nil)
            try await store.deleteCalendarObject(projectID: home.id, name: "party.ics")
            try await store.deleteCalendarObject(projectID: home.id, name: "gone.ics")
            try await store.saveCalendarObject(
                CalendarObject(name: "party.ics", uid: "E", text: "event again"), projectID: home.id, taskID: nil)
            changes = try #require(try await store.calendarChanges(userID: ada.id, projectID: home.id, since: third))
            #expect(changes.changed.map(\.name) == ["party.ics"] && changes.changed[0].object?.text == "event again")
            #expect(changes.removed.map(\.name) == ["gone.ics"])
            #expect(changes.removed[0].version < changes.version)

            // A task that leaves (deleted, or moved away) leaves under its name in the calendar, with its object.
            let fourth = changes.version
            try await store.saveCalendarObject(
                CalendarObject(name: "paint.ics", uid: "P", text: "paint"), projectID: home.id, taskID: paint.id)
            try await store.deleteTask(userID: ada.id, id: shop.id, now: suiteNow)
            _ = try await store.moveTask(
                userID: ada.id, id: paint.id, to: .project(work.id), auditedIn: [], now: suiteNow)
            changes = try #require(try await store.calendarChanges(userID: ada.id, projectID: home.id, since: fourth))
            #expect(changes.changed.isEmpty)
            #expect(changes.removed.map(\.name) == [DAVPath.objectName(taskID: shop.id), "paint.ics"])
            #expect(changes.removed[0].version < changes.removed[1].version)
            #expect(changes.removed[1].version == changes.version)
            #expect(try await store.calendarEntries(userID: ada.id, projectID: home.id).map(\.name) == ["party.ics"])
            let moved = try #require(try await store.calendarChanges(userID: ada.id, projectID: work.id, since: 0))
            #expect(moved.changed.map(\.task?.id) == [paint.id] && moved.removed.isEmpty)
            #expect(moved.changed[0].name == "paint.ics" && moved.version == moved.changed[0].version)
            // A deleted task's object is gone with it.
            try await store.deleteTask(userID: ada.id, id: paint.id, now: suiteNow)
            #expect(try await store.calendarEntry(userID: ada.id, projectID: work.id, uid: "P") == nil)
            let deleted = try #require(
                try await store.calendarChanges(userID: ada.id, projectID: work.id, since: moved.version))
            #expect(deleted.removed.map(\.name) == ["paint.ics"] && deleted.changed.isEmpty)
        }
    }
}
