/// Where a task goes when it is added or moved, and who owns it there.
///
/// A subtask lives in its parent's project and section; a task in a section lives in the section's project; a
/// task belongs to its project's owner, whoever added it; an archived project takes no new tasks.
public enum TaskPlacement {
    public struct Place: Sendable, Equatable {
        public var projectID: String
        public var sectionID: String?
        public var parentID: String?

        public init(projectID: String, sectionID: String? = nil, parentID: String? = nil) {
            self.projectID = projectID
            self.sectionID = sectionID
            self.parentID = parentID
        }
    }

    /// A new task's place: under its parent, else in its section, else in the project asked for, else the inbox.
    /// A parent or section in another project than the one asked for is refused.
    public static func forNewTask(
        projectID: String?, parent: TaskItem?, section: Section?, inboxID: String?
    ) throws(KairosError) -> Place {
        if let parent {
            if let projectID, projectID != parent.projectID {
                throw .invalidField(field: "parent_id", message: "parent_id is a task in another project than project_id.")
            }
            return under(parent)
        }
        if let section {
            if let projectID, projectID != section.projectID {
                throw .invalidField(field: "section_id", message: "section_id belongs to another project than project_id.")
            }
            return inside(section)
        }
        if let projectID { return Place(projectID: projectID) }
        guard let inboxID else { throw .missing("Project") }
        return Place(projectID: inboxID)
    }

    /// The place of a task moved under `parent`, which must be neither the task itself nor one of its subtasks
    /// (`parentIsInTask`).
    public static func forMove(under parent: TaskItem, parentIsInTask: Bool) throws(KairosError) -> Place {
        if parentIsInTask {
            throw .invalidField(field: "parent_id", message: "parent_id cannot be the task itself or one of its subtasks.")
        }
        return under(parent)
    }

    public static func under(_ parent: TaskItem) -> Place {
        Place(projectID: parent.projectID, sectionID: parent.sectionID, parentID: parent.id)
    }

    public static func inside(_ section: Section) -> Place {
        Place(projectID: section.projectID, sectionID: section.id)
    }

    /// Who owns the tasks of a project owned by `ownerID`: its owner, unless it is archived.
    public static func owner(_ ownerID: String, archived: Bool) throws(KairosError) -> String {
        if archived {
            throw .invalidField(
                field: "project_id", message: "The project is archived. Unarchive it before adding or moving tasks into it.")
        }
        return ownerID
    }
}
